import { describe, expect, it } from 'vitest';
import { computeIpfsCid } from './ipfs-cid';

describe('IPFS CID computed locally', () => {
  it('is the CID `ipfs add --cid-version=1` gives', async () => {
    // The well-known CIDv1 of "hello world\n" (raw leaves).
    expect(await computeIpfsCid([Buffer.from('hello world\n')])).toBe(
      'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4',
    );
  });
  it('does not depend on how the bytes were split', async () => {
    const bytes = Buffer.alloc(1_000_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    const whole = await computeIpfsCid([bytes]);
    expect(whole).toMatch(/^bafybei/);
    expect(
      await computeIpfsCid([bytes.subarray(0, 7), bytes.subarray(7, 600_000), bytes.subarray(600_000)]),
    ).toBe(whole);
  });

  it('is the same from 1 MiB chunks of a multi-MiB file (the staged file streamed) as from the whole', async () => {
    const MiB = 1024 * 1024;
    const bytes = Buffer.alloc(9 * MiB + 4321);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + (i >> 12)) % 256;
    const whole = await computeIpfsCid([bytes]);
    async function* chunks() {
      for (let at = 0; at < bytes.length; at += MiB) yield bytes.subarray(at, at + MiB);
    }
    expect(await computeIpfsCid(chunks())).toBe(whole);
    // 37 leaves of 256 KiB under one UnixFS file node (dag-pb), not a single raw block.
    expect(whole).toMatch(/^bafybei/);
  });
});
