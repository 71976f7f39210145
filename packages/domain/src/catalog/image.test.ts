import { describe, expect, it } from 'vitest';
import { IMAGE_RESIZE_WIDTHS, resizedImageUrl } from './image';

describe('resizedImageUrl (001 §9 image widths)', () => {
  it('routes our media through the resizer at the named width', () => {
    expect(resizedImageUrl('/api/media/seed/nft/a.svg', 'thumb')).toBe(
      '/api/media/resize?src=%2Fapi%2Fmedia%2Fseed%2Fnft%2Fa.svg&w=500',
    );
    expect(resizedImageUrl('/api/media/a.png', 'hires')).toMatch(/&w=1600$/);
    expect(resizedImageUrl('/api/media/a.png', 'blur')).toMatch(/&w=20$/);
    expect(resizedImageUrl('/api/media/a.png', 1200)).toMatch(/&w=1200$/);
  });

  it('leaves other sources and auto unchanged', () => {
    expect(resizedImageUrl('https://cdn.example/a.png', 'thumb')).toBe('https://cdn.example/a.png');
    expect(resizedImageUrl('/api/media/a.png', 'auto')).toBe('/api/media/a.png');
  });

  it('lists the accepted widths', () => {
    expect([...IMAGE_RESIZE_WIDTHS]).toEqual([20, 500, 800, 1200, 1600]);
  });
});
