// Static thumbnails (001 §3 NFT `staticThumbnail`): a still image for media that moves or is 3D.
// No ffmpeg or 3D renderer runs here, so a video or a model gets a generated poster: a 600×600 PNG with
// the kind and the file name (drawn from SVG by sharp). A GIF's thumbnail is its first frame.
import sharp from 'sharp';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

export async function generatedPoster(
  kind: 'Video' | '3D model' | 'Audio',
  fileName: string,
): Promise<Buffer> {
  const name = fileName.length > 40 ? `${fileName.slice(0, 37)}…` : fileName;
  const glyph =
    kind === 'Video'
      ? '<polygon points="260,230 260,370 370,300" fill="#f5f5f5"/>'
      : kind === 'Audio'
        ? '<path d="M250 380 V240 L370 215 V355" stroke="#f5f5f5" stroke-width="14" fill="none"/><circle cx="235" cy="380" r="22" fill="#f5f5f5"/><circle cx="355" cy="355" r="22" fill="#f5f5f5"/>'
        : '<polygon points="300,200 390,250 390,350 300,400 210,350 210,250" fill="none" stroke="#f5f5f5" stroke-width="12"/><polyline points="210,250 300,300 390,250 M300,300 300,400" fill="none" stroke="#f5f5f5" stroke-width="12"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<rect width="600" height="600" fill="#1f2430"/><circle cx="300" cy="300" r="150" fill="#394150"/>${glyph}
<text x="300" y="520" font-family="sans-serif" font-size="28" fill="#d0d4dc" text-anchor="middle">${escapeXml(kind)}</text>
<text x="300" y="560" font-family="sans-serif" font-size="20" fill="#9aa1ad" text-anchor="middle">${escapeXml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The first frame of an animated image, as PNG. `input` is a file path where the store has one: libvips
 * reads it itself and decodes the first frame only, so the file is not held whole in Node.
 */
export async function firstFrame(input: string | Buffer): Promise<Buffer> {
  return sharp(input, { pages: 1 }).png().toBuffer();
}
