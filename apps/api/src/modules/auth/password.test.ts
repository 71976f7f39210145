import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

const decomposed = 'cafe\u0301-au-lait-42';
const composed = 'caf\u00e9-au-lait-42';

describe('password hashing in NFC', () => {
  it('a hash made from either form verifies both forms', async () => {
    const stored = await hashPassword(decomposed);
    expect(await verifyPassword(stored, composed)).toBe(true);
    expect(await verifyPassword(stored, decomposed)).toBe(true);
    expect(await verifyPassword(stored, 'cafe-au-lait-42')).toBe(false);
  });

  it('a hash made before normalising (raw decomposed bytes) still verifies the same typed text', async () => {
    const legacy = await hash(decomposed, { algorithm: 2 });
    expect(await verifyPassword(legacy, decomposed)).toBe(true);
    expect(await verifyPassword(legacy, 'wrong-password-1')).toBe(false);
  });
});
