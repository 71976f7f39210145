import { describe, expect, it } from 'vitest';
import { drawingCommitment, drawWinners, fromHex, seedMatchesCommitment, sha256, toHex, utf8 } from './draw';

const hashOf = (text: string) => toHex(sha256(utf8(text)));

describe('sha256', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(hashOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashOf('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hashOf('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(hashOf('a'.repeat(1000))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3');
    expect(hashOf('é€𝄞')).toBe('914b44317a4e1f0850bf59894ab838a905f124a87c52930a60f3d13c40ad4a31');
  });
});

describe('commitment', () => {
  it('is sha256 of the seed bytes, and only the committed seed matches it', () => {
    const seed = '00'.repeat(32);
    const commitment = drawingCommitment(seed);
    expect(commitment).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(seedMatchesCommitment(seed, commitment)).toBe(true);
    expect(seedMatchesCommitment(seed, commitment.toUpperCase())).toBe(true);
    expect(seedMatchesCommitment('01'.repeat(32), commitment)).toBe(false);
    expect(seedMatchesCommitment('not hex', commitment)).toBe(false);
    expect(fromHex('abc')).toBeNull();
  });
});

describe('drawWinners', () => {
  const seed = 'a'.repeat(64);
  const ids = Array.from({ length: 50 }, (_, i) => 100 + i * 3);

  it('depends only on the seed, the set of entries and the editions (not their order)', () => {
    const winners = drawWinners(seed, ids, 5);
    expect(winners).toHaveLength(5);
    expect(new Set(winners).size).toBe(5);
    expect(winners.every((w) => ids.includes(w))).toBe(true);
    expect(drawWinners(seed, [...ids].reverse(), 5)).toEqual(winners);
    expect(drawWinners(seed, [...ids, ...ids], 5)).toEqual(winners);
    // A known answer: a change of the algorithm breaks every published drawing's verification.
    expect(drawWinners(seed, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3)).toEqual([8, 10, 9]);
  });

  it('differs with another seed, and every entry wins when editions are enough', () => {
    expect(drawWinners('b'.repeat(64), ids, 5)).not.toEqual(drawWinners(seed, ids, 5));
    expect([...drawWinners(seed, [3, 1, 2], 10)].sort()).toEqual([1, 2, 3]);
    expect(drawWinners(seed, [], 3)).toEqual([]);
    expect(drawWinners(seed, ids, 0)).toEqual([]);
  });

  it('picks each entry about equally often over many seeds', () => {
    const counts = new Map<number, number>();
    const entries = [1, 2, 3, 4, 5];
    const rounds = 2000;
    for (let r = 0; r < rounds; r++) {
      const [w] = drawWinners(hashOf(`seed-${r}`), entries, 1);
      if (w !== undefined) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    expect(counts.size).toBe(5);
    for (const id of entries) expect(Math.abs((counts.get(id) ?? 0) - rounds / 5)).toBeLessThan(100);
  });
});
