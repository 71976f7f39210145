import { describe, expect, it } from 'vitest';
import { parseUrl } from './parse-url';

describe('parseUrl', () => {
  it('parses absolute and relative URLs', () => {
    expect(parseUrl('https://Example.com:8080/a?b=1#c')).toMatchObject({
      protocol: 'https:',
      hostname: 'example.com',
      port: '8080',
      pathname: '/a',
      search: '?b=1',
      hash: '#c',
    });
    expect(parseUrl('/x/../y', 'https://example.com')?.href).toBe('https://example.com/y');
  });

  it('returns null instead of throwing', () => {
    expect(parseUrl('not a url')).toBeNull();
    expect(parseUrl('/x', 'also not a url')).toBeNull();
  });
});
