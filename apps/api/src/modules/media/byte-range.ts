// One `Range: bytes=…` request header against an object of `size` bytes (RFC 9110 §14): a video player seeks by
// asking for parts of the file. Answers the inclusive byte span to send, 'unsatisfiable' (416), or null to send
// the whole object (no header, another unit, several ranges, or a header this reader does not take).

export type ByteRange = { start: number; end: number };

export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // The last `to` bytes.
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || (to !== '' && Number(to) < start)) return 'unsatisfiable';
  return { start, end };
}
