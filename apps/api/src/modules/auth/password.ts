// Passwords: argon2id (ARCHITECTURE §7), never truncated, hashed and verified in Unicode NFC; new
// passwords also pass the common-password and email-name rule (decision 003, "Password rule").
import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '@vitrine/domain';
import { weakPasswordMessage } from '@vitrine/domain/common-passwords';
import { invalid } from '../../http/parse';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), { algorithm: ARGON2ID });
}

/**
 * Checks the NFC form first; a hash made before passwords were normalised was made from the bytes
 * typed then, so when the typed text is not already NFC its raw form is tried too.
 */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const nfc = normalizePassword(password);
  if (await verifyOne(stored, nfc)) return true;
  return nfc !== password && verifyOne(stored, password);
}

async function verifyOne(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A new password that is common or contains the email's name: the 400 validation-error on `field`. */
export function assertStrongPassword(
  field: string,
  password: string,
  email: string | null | undefined,
): void {
  const message = weakPasswordMessage(password, email);
  if (message) throw invalid(field, message);
}
