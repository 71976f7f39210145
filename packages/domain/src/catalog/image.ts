// Image widths through the resizing route (001 §9 "Image widths"; docs/decisions/004-catalog-api.md §6).
import { BLUR_PLACEHOLDER_WIDTH, IMAGE_WIDTHS, type ImageWidthName } from '../constants';

/** Widths GET /api/media/resize accepts: the blur placeholder and thumb, medium, medium2, hires. */
export const IMAGE_RESIZE_WIDTHS = [
  BLUR_PLACEHOLDER_WIDTH,
  IMAGE_WIDTHS.thumb,
  IMAGE_WIDTHS.medium,
  IMAGE_WIDTHS.medium2,
  IMAGE_WIDTHS.hires,
] as const;
export type ImageResizeWidth = (typeof IMAGE_RESIZE_WIDTHS)[number];

const MEDIA_PREFIX = '/api/media/';

/**
 * The URL of a stored image at a width: `/api/media/resize?src=…&w=500`. Sources that are not our media
 * (`/api/media/…`) and `auto` come back unchanged. `blur` is the 20-px blurred placeholder.
 */
export function resizedImageUrl(
  src: string,
  width: ImageWidthName | 'blur' | 'auto' | ImageResizeWidth,
): string {
  if (width === 'auto' || !src.startsWith(MEDIA_PREFIX) || src.includes('?')) return src;
  const w =
    width === 'blur' ? BLUR_PLACEHOLDER_WIDTH : typeof width === 'number' ? width : IMAGE_WIDTHS[width];
  return `${MEDIA_PREFIX}resize?src=${encodeURIComponent(src)}&w=${w}`;
}
