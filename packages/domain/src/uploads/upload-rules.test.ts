import { describe, expect, it } from 'vitest';
import {
  checkUploadContent,
  checkUploadStart,
  isValidUploadFileName,
  parseContentRange,
  sniffUploadKind,
  UPLOAD_MESSAGES,
} from './upload-rules';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('upload file names (001 §5)', () => {
  it('takes up to 255 characters without ? & # % < > +', () => {
    expect(isValidUploadFileName('art.png')).toBe(true);
    expect(isValidUploadFileName(`${'a'.repeat(251)}.png`)).toBe(true);
    expect(isValidUploadFileName(`${'a'.repeat(252)}.png`)).toBe(false);
    for (const c of ['?', '&', '#', '%', '<', '>', '+'])
      expect(isValidUploadFileName(`a${c}b.png`)).toBe(false);
    expect(isValidUploadFileName('')).toBe(false);
    expect(isValidUploadFileName('../x.png')).toBe(false);
  });
});

describe('upload start (001 §8, §9)', () => {
  const start = { fileName: 'a.png', declaredType: 'image/png', purpose: 'asset' as const };
  it('refuses more than 300MB from the declared size', () => {
    expect(checkUploadStart({ ...start, size: 300 * 1024 * 1024 })).toBeNull();
    expect(checkUploadStart({ ...start, size: 300 * 1024 * 1024 + 1 })).toEqual({
      field: 'size',
      message: 'File size cannot exceed 300MB',
    });
  });
  it('refuses a bad name and a video for a picture', () => {
    expect(checkUploadStart({ ...start, size: 1, fileName: 'a#b.png' })?.message).toBe(
      UPLOAD_MESSAGES.fileNameInvalid,
    );
    expect(
      checkUploadStart({ fileName: 'clip.mp4', declaredType: 'video/mp4', purpose: 'image', size: 10 })
        ?.message,
    ).toBe('Video files are not allowed');
  });
});

describe('content sniffing (001 §3 accepted types)', () => {
  it('reads every accepted kind from its bytes', () => {
    expect(sniffUploadKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffUploadKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffUploadKind(bytes('GIF89a'))).toBe('gif');
    expect(sniffUploadKind(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffUploadKind(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe('avif');
    expect(sniffUploadKind(bytes([0, 0, 0, 0x1c], 'ftypisom'))).toBe('mp4');
    expect(sniffUploadKind(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toBe('webm');
    expect(sniffUploadKind(bytes('OggS', [0]))).toBe('ogg');
    expect(sniffUploadKind(bytes('glTF', [2, 0, 0, 0]))).toBe('glb');
    expect(
      sniffUploadKind(bytes('<?xml version="1.0"?>\n<!-- x -->\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe('svg');
    expect(sniffUploadKind(bytes('  <!DOCTYPE html><html></html>'))).toBe('html');
  });
  it('refuses what is not accepted', () => {
    expect(sniffUploadKind(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffUploadKind(bytes([0x1a, 0x45, 0xdf, 0xa3], 'matroska'))).toBeNull();
    expect(sniffUploadKind(bytes('plain text'))).toBeNull();
  });
  it('refuses an HTML file named .png, whatever it declares', () => {
    const html = bytes('<!doctype html><script>alert(1)</script>');
    const check = checkUploadContent(html, {
      fileName: 'cat.png',
      declaredType: 'image/png',
      purpose: 'asset',
    });
    expect(check).toEqual({ ok: false, message: UPLOAD_MESSAGES.fileNotAccepted });
    expect(
      checkUploadContent(html, { fileName: 'page.html', declaredType: 'text/html', purpose: 'asset' }),
    ).toEqual({
      ok: true,
      kind: 'html',
    });
  });
  it('takes still images only for a storefront picture', () => {
    const mp4 = bytes([0, 0, 0, 0x1c], 'ftypisom');
    expect(checkUploadContent(mp4, { fileName: 'a.mp4', declaredType: '', purpose: 'image' })).toEqual({
      ok: false,
      message: 'Video files are not allowed',
    });
    // A picture's refusal names the picture types only, not the MP4 it then refuses.
    const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(checkUploadContent(svg, { fileName: 'a.svg', declaredType: '', purpose: 'image' })).toEqual({
      ok: false,
      message: 'File not accepted. Upload one image of an accepted type: JPEG, PNG, GIF, WEBP or AVIF',
    });
    expect(
      checkUploadContent(bytes('%PDF-1.7'), { fileName: 'a.pdf', declaredType: '', purpose: 'image' }),
    ).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.pictureNotAccepted,
    });
  });
});

describe('Content-Range', () => {
  it('parses bytes start-end/total', () => {
    expect(parseContentRange('bytes 0-1023/2048')).toEqual({ start: 0, end: 1023, total: 2048 });
    expect(parseContentRange('bytes 10-5/20')).toBeNull();
    expect(parseContentRange('bytes 0-20/20')).toBeNull();
    expect(parseContentRange(undefined)).toBeNull();
  });
});
