// The MediaStore's staged uploads (decision 018), the same checks for the disk store (a temporary
// DATA_DIR) and the memory one: parts written at their offset are read back as a head, in bounded chunks
// and as a Blob; promoting moves the file to a served object (no copy through memory on disk: a rename),
// and a second promote of the same upload answers the same URL.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localMediaStore, type MediaStore, memoryMediaStore } from './media-store';

const MiB = 1024 * 1024;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function patterned(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed) % 251;
  return bytes;
}

const stores: [string, () => Promise<{ media: MediaStore; dir: string | null }>][] = [
  [
    'disk',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'vitrine-media-'));
      dirs.push(dir);
      return { media: localMediaStore(dir), dir };
    },
  ],
  ['memory', async () => ({ media: memoryMediaStore(), dir: null })],
];

describe.each(stores)('%s media store: staged uploads', (_name, make) => {
  it('reads a staged file back as a head, in chunks of at most 1 MiB, and as a Blob', async () => {
    const { media } = await make();
    const bytes = patterned(3 * MiB + 12_345, 7);
    const id = 'staged-read-0001';
    // Written in parts at their offsets, as the upload route does.
    await media.writeStaged(id, 0, bytes.subarray(0, MiB + 5));
    await media.writeStaged(id, MiB + 5, bytes.subarray(MiB + 5, 2 * MiB + 77));
    await media.writeStaged(id, 2 * MiB + 77, bytes.subarray(2 * MiB + 77));

    const staged = await media.openStaged(id);
    expect(staged?.size).toBe(bytes.length);
    if (!staged) throw new Error('not staged');
    expect((await staged.head(4096)).equals(bytes.subarray(0, 4096))).toBe(true);
    expect((await staged.head(bytes.length + 100)).length).toBe(bytes.length);

    const chunks: Uint8Array[] = [];
    for await (const chunk of staged.chunks()) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(MiB);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    const blob = await staged.blob('video/mp4');
    expect(blob.size).toBe(bytes.length);
    expect(Buffer.from(await blob.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('promotes a staged file to a served object once; a second promote answers the same URL', async () => {
    const { media, dir } = await make();
    const bytes = patterned(2 * MiB + 3, 11);
    const id = 'staged-promote-01';
    await media.writeStaged(id, 0, bytes);
    const url = await media.promoteStaged(id, 'uploads/1/staged-promote-01.mp4', 'video/mp4');
    expect(url).toBe('/api/media/uploads/1/staged-promote-01.mp4');
    expect(await media.openStaged(id)).toBeNull();
    const served = await media.get('uploads/1/staged-promote-01.mp4');
    expect(served?.contentType).toBe('video/mp4');
    expect(served?.body.equals(bytes)).toBe(true);
    // A finish beside this one promoting the same upload again finds it done.
    expect(await media.promoteStaged(id, 'uploads/1/staged-promote-01.mp4', 'video/mp4')).toBe(url);
    if (dir) expect(await readdir(join(dir, 'media-staging'))).toEqual([]);
  });

  it('has nothing for an upload never staged, or removed', async () => {
    const { media } = await make();
    expect(await media.openStaged('never-staged-01')).toBeNull();
    await media.writeStaged('removed-staged-01', 0, Buffer.from('abc'));
    await media.removeStaged('removed-staged-01');
    expect(await media.openStaged('removed-staged-01')).toBeNull();
    await expect(media.promoteStaged('never-staged-01', 'uploads/1/x.png', 'image/png')).rejects.toThrow();
  });
});
