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
});
