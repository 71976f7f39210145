// Uploads (001 §3 "Asset", §5 file names, §8 upload errors, §9 limits): the rules the web's Uploader and the
// API's upload routes share. The type of a file is read from its bytes, never from its name.
import { FILENAME_MAX_LENGTH, MAX_UPLOAD_BYTES } from '../constants';

/** The upload errors of 001 §8 (quoted ones verbatim; the others the spec names without a text). */
export const UPLOAD_MESSAGES = {
  fileNameInvalid: 'Invalid file name: use at most 255 characters and none of ? & # % < > +',
  fileNotAccepted:
    'File not accepted. Upload one file of an accepted type: JPEG, PNG, SVG, AVIF, GIF, MP4, WEBM, OGG, WEBP, GLB or HTML',
  /** A picture's refusal names the picture types only (QA 2026-12-07: it listed MP4, then refused one). */
  pictureNotAccepted: 'File not accepted. Upload one image of an accepted type: JPEG, PNG, GIF, WEBP or AVIF',
  videoNotAllowed: 'Video files are not allowed',
  pinata: 'Something went wrong while uploading to Pinata',
  chunkFailed: 'A part of the file failed to upload. Retry to continue where it stopped.',
  tooLarge: 'File size cannot exceed 300MB',
  incomplete: 'The upload is not complete yet',
  closeWarning: 'Do not close the browser while the upload is in progress, or the data will be lost.',
} as const;

/** 001 §5: characters a file name may not contain. */
const FORBIDDEN_FILE_NAME_CHARS = /[?&#%<>+]/;
// Control characters and path separators cannot be part of a name either.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\]/;

/** A file name of 1..255 characters without ? & # % < > + (001 §5). */
export function isValidUploadFileName(name: string): boolean {
  return (
    name.trim().length > 0 &&
    name.length <= FILENAME_MAX_LENGTH &&
    !FORBIDDEN_FILE_NAME_CHARS.test(name) &&
    !UNSAFE_NAME.test(name)
  );
}

/** Size checks before anything is read: at most 300MB (001 §9). */
export function isAcceptedUploadSize(bytes: number): boolean {
  return Number.isSafeInteger(bytes) && bytes > 0 && bytes <= MAX_UPLOAD_BYTES;
}

/** What an upload is for: a drop's asset (any accepted type) or a storefront picture (still images only). */
export const UPLOAD_PURPOSES = ['asset', 'image'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export type UploadAssetType =
  | 'Image'
  | 'AnimatedImage'
  | 'RawSVG'
  | 'Video'
  | 'Audio'
  | 'ThreeDimensional'
  | 'Iframe';

export interface UploadKind {
  /** The stored file's extension and content type. */
  ext: string;
  contentType: string;
  /** 001 §3 Asset.type. */
  assetType: UploadAssetType;
  /** Extensions a file of this kind may be named with. */
  extensions: readonly string[];
  /** Content types a browser may declare for it. */
  declaredTypes: readonly string[];
}

const KINDS = {
  jpeg: {
    ext: 'jpg',
    contentType: 'image/jpeg',
    assetType: 'Image',
    extensions: ['jpg', 'jpeg', 'jfif'],
    declaredTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  },
  png: {
    ext: 'png',
    contentType: 'image/png',
    assetType: 'Image',
    extensions: ['png'],
    declaredTypes: ['image/png'],
  },
  gif: {
    ext: 'gif',
    contentType: 'image/gif',
    assetType: 'AnimatedImage',
    extensions: ['gif'],
    declaredTypes: ['image/gif'],
  },
  webp: {
    ext: 'webp',
    contentType: 'image/webp',
    assetType: 'Image',
    extensions: ['webp'],
    declaredTypes: ['image/webp'],
  },
  avif: {
    ext: 'avif',
    contentType: 'image/avif',
    assetType: 'Image',
    extensions: ['avif'],
    declaredTypes: ['image/avif'],
  },
  svg: {
    ext: 'svg',
    contentType: 'image/svg+xml',
    assetType: 'RawSVG',
    extensions: ['svg'],
    declaredTypes: ['image/svg+xml'],
  },
  mp4: {
    ext: 'mp4',
    contentType: 'video/mp4',
    assetType: 'Video',
    extensions: ['mp4', 'm4v'],
    declaredTypes: ['video/mp4', 'video/x-m4v'],
  },
  webm: {
    ext: 'webm',
    contentType: 'video/webm',
    assetType: 'Video',
    extensions: ['webm'],
    declaredTypes: ['video/webm', 'audio/webm'],
  },
  ogg: {
    ext: 'ogg',
    contentType: 'audio/ogg',
    assetType: 'Audio',
    extensions: ['ogg', 'oga', 'ogv'],
    declaredTypes: ['audio/ogg', 'video/ogg', 'application/ogg'],
  },
  glb: {
    ext: 'glb',
    contentType: 'model/gltf-binary',
    assetType: 'ThreeDimensional',
    extensions: ['glb'],
    declaredTypes: ['model/gltf-binary'],
  },
  html: {
    ext: 'html',
    contentType: 'text/html',
    assetType: 'Iframe',
    extensions: ['html', 'htm'],
    declaredTypes: ['text/html'],
  },
} as const satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof KINDS;
export const UPLOAD_KINDS: Readonly<Record<UploadKindName, UploadKind>> = KINDS;

/** The `accept` attribute of a file input for a purpose. */
export function uploadAccept(purpose: UploadPurpose): string {
  const kinds: UploadKind[] =
    purpose === 'image' ? [KINDS.jpeg, KINDS.png, KINDS.gif, KINDS.webp, KINDS.avif] : Object.values(KINDS);
  return kinds.map((k) => k.extensions.map((e) => `.${e}`).join(',')).join(',');
}

/** How many leading bytes `sniffUploadKind` needs. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'crx ', 'qt  ']);

/** The file's kind read from its first bytes (magic numbers, or the structure of a text file); null if not accepted. */
export function sniffUploadKind(head: Uint8Array): UploadKindName | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 4, 8) === 'ftyp') {
    const major = ascii(head, 8, 12);
    if (AVIF_BRANDS.has(major)) return 'avif';
    if (HEIF_BRANDS.has(major)) return null;
    return 'mp4';
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: a WebM file names its DocType 'webm' in the header (Matroska's 'matroska' is not accepted).
    return ascii(head, 0, 64).includes('webm') ? 'webm' : null;
  }
  if (ascii(head, 0, 4) === 'OggS') return 'ogg';
  if (ascii(head, 0, 4) === 'glTF' && head[4] === 2 && head[5] === 0 && head[6] === 0 && head[7] === 0)
    return 'glb';
  return sniffText(head);
}

/** SVG or HTML by their structure: the first element after an optional BOM, XML declaration, comments and doctype. */
function sniffText(head: Uint8Array): UploadKindName | null {
  // Text files only: no NUL byte in the head. The markup that decides is ASCII, so bytes read as Latin-1 do.
  if (head.includes(0)) return null;
  const bom = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  let rest = ascii(head, bom, head.length);
  for (;;) {
    const trimmed = rest.trimStart();
    const skipped = /^(<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->)/.exec(trimmed);
    if (!skipped) {
      rest = trimmed;
      break;
    }
    rest = trimmed.slice(skipped[0].length);
  }
  const lower = rest.toLowerCase();
  if (lower.startsWith('<!doctype html')) return 'html';
  if (lower.startsWith('<!doctype svg')) return 'svg';
  if (/^<svg[\s>/]/.test(lower)) return 'svg';
  if (/^<(html|head|body)[\s>]/.test(lower)) return 'html';
  return null;
}

export type UploadCheck = { ok: true; kind: UploadKindName } | { ok: false; message: string };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The refusal of a file of no accepted kind: a picture's names the picture types only. */
const notAcceptedFor = (purpose: UploadPurpose): string =>
  purpose === 'image' ? UPLOAD_MESSAGES.pictureNotAccepted : UPLOAD_MESSAGES.fileNotAccepted;

/**
 * The file is accepted when its bytes are of an accepted kind and neither its name's extension nor its
 * declared type says otherwise (an HTML file named .png is refused). Storefront pictures take still images.
 */
export function checkUploadContent(
  head: Uint8Array,
  declared: { fileName: string; declaredType: string; purpose: UploadPurpose },
): UploadCheck {
  const notAccepted = notAcceptedFor(declared.purpose);
  const kindName = sniffUploadKind(head);
  if (!kindName) return { ok: false, message: notAccepted };
  const kind: UploadKind = KINDS[kindName];
  const ext = extensionOf(declared.fileName);
  const type = declared.declaredType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (ext && !kind.extensions.includes(ext)) return { ok: false, message: notAccepted };
  if (type && type !== 'application/octet-stream' && !kind.declaredTypes.includes(type)) {
    return { ok: false, message: notAccepted };
  }
  if (declared.purpose === 'image') {
    if (kind.assetType === 'Video') return { ok: false, message: UPLOAD_MESSAGES.videoNotAllowed };
    if (!['jpeg', 'png', 'gif', 'webp', 'avif'].includes(kindName))
      return { ok: false, message: notAccepted };
  }
  return { ok: true, kind: kindName };
}

/** Before the bytes: a declared video is refused for a picture at once (001 §8 'Video files are not allowed'). */
export function checkUploadStart(input: {
  fileName: string;
  size: number;
  declaredType: string;
  purpose: UploadPurpose;
}): { field: 'fileName' | 'size' | 'declaredType'; message: string } | null {
  if (!isValidUploadFileName(input.fileName))
    return { field: 'fileName', message: UPLOAD_MESSAGES.fileNameInvalid };
  if (input.size > MAX_UPLOAD_BYTES) return { field: 'size', message: UPLOAD_MESSAGES.tooLarge };
  if (!isAcceptedUploadSize(input.size)) return { field: 'size', message: notAcceptedFor(input.purpose) };
  const type = input.declaredType.toLowerCase();
  if (
    input.purpose === 'image' &&
    (type.startsWith('video/') || ['mp4', 'webm', 'm4v', 'ogv'].includes(extensionOf(input.fileName)))
  ) {
    return { field: 'declaredType', message: UPLOAD_MESSAGES.videoNotAllowed };
  }
  return null;
}

/** The chunk size the web's Uploader sends (a multiple of nothing in particular: 4 MiB keeps requests short). */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;

/** 'bytes 0-1023/2048' → { start: 0, end: 1023, total: 2048 }; null when malformed. */
export function parseContentRange(
  header: string | undefined,
): { start: number; end: number; total: number } | null {
  const m = /^bytes (\d{1,12})-(\d{1,12})\/(\d{1,12})$/.exec(header?.trim() ?? '');
  if (!m) return null;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (end < start || end >= total) return null;
  return { start, end, total };
}
