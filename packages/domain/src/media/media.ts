import { parseUrl } from '../url/parse-url';

export type MediaType = 'image' | 'video' | 'audio' | 'model';

// Recognised extensions (000 §5, 001 §5). Of the accepted upload types, .ogg is audio (Ogg Vorbis/Opus);
// Ogg video uses .ogv. .html is accepted for upload but is not a media type here (it is shown in an iframe).
const EXTENSIONS: Record<MediaType, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'svg', 'webp', 'avif'],
  video: ['mp4', 'webm', 'mov', 'm4v', 'ogv'],
  audio: ['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac'],
  model: ['glb', 'gltf'],
};

/** Media URLs: http upgraded to https (000 §5, 001 §5); other URLs returned unchanged. */
export function upgradeToHttps(url: string): string {
  return url.replace(/^\s*http:\/\//i, 'https://');
}

/** URL valid only if its protocol is http or https (000 §5, 001 §5). */
export function isValidUrl(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const url = parseUrl(value.trim());
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** Lower-case extension of the last path segment (never the host), ignoring query and hash; '' when there is none. */
export function fileExtension(url: string): string {
  const path = parseUrl(url.trim())?.pathname ?? url.split(/[?#]/, 1)[0] ?? '';
  const segment = path.slice(path.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  return dot >= 0 ? segment.slice(dot + 1).toLowerCase() : '';
}

/** Media type by file extension, case-insensitive, ignoring query and hash; null when unsupported (000 §5). */
export function detectMediaType(url: string): MediaType | null {
  const extension = fileExtension(url);
  if (!extension) return null;
  for (const [type, extensions] of Object.entries(EXTENSIONS) as [MediaType, readonly string[]][]) {
    if (extensions.includes(extension)) return type;
  }
  return null;
}

/** Media type of a content type read by a HEAD request (000 §7), e.g. 'video/mp4' → 'video'; null otherwise. */
export function mediaTypeFromContentType(contentType: string | null | undefined): MediaType | null {
  const major = contentType?.split(';', 1)[0]?.trim().toLowerCase().split('/', 1)[0];
  return major === 'image' || major === 'video' || major === 'audio' || major === 'model' ? major : null;
}
