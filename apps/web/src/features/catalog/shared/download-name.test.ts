import { describe, expect, it } from 'vitest';
import { downloadFileName } from './download-name';

describe('downloadFileName (000 §5 download file names)', () => {
  it('replaces the unsafe characters of the title and keeps the asset extension', () => {
    expect(downloadFileName('Dawn: a/b? "x" <1>', '/api/media/art/abc.SVG')).toBe('Dawn_ a_b_ _x_ _1_.svg');
  });
  it('reads the extension from an absolute URL, ignoring the query', () => {
    expect(downloadFileName('Tide', 'https://cdn.example/a/b/tide.mp4?v=2')).toBe('Tide.mp4');
  });
  it('has no extension when the URL has none, and a name when the title is blank', () => {
    expect(downloadFileName('Tide', '/api/media/resize?src=x')).toBe('Tide');
    expect(downloadFileName('   ', '/a/b.png')).toBe('artwork.png');
  });
});
