import { describe, expect, it } from 'vitest';
import { fieldErrors, normalizePassword, passwordContainsEmailName, signupPasswordSchema } from './accounts';
import { COMMON_PASSWORD_COUNT, isCommonPassword, weakPasswordMessage } from './common-passwords';

const COMMON = 'This password is too common. Choose one that is harder to guess.';
const EMAIL_NAME = 'Password must not contain your email name.';
const EMAIL = 'ada.lovelace@example.com';

describe('new-password rule beyond the spec checklist (issue #11)', () => {
  it('ships a list of at least 10,000 common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses common passwords, case-insensitively', () => {
    for (const p of ['password1', '12345678', 'P@ssw0rd', 'PASSWORD1', 'Qwerty123', 'iloveyou']) {
      expect(weakPasswordMessage(p, EMAIL), p).toBe(COMMON);
    }
  });

  it('also refuses a common password with one digit or symbol added at the end, and only one', () => {
    expect(isCommonPassword('sunshine7')).toBe(true);
    expect(isCommonPassword('sunshine!')).toBe(true);
    expect(isCommonPassword('Dragonfly#')).toBe(true);
    // Something typed after the common word that is not one trailing digit or symbol makes it another password.
    expect(isCommonPassword('sunshine-tidal-7')).toBe(false);
  });

  it("refuses the email itself and passwords containing the email's name (before the @, 3+ characters)", () => {
    expect(weakPasswordMessage(EMAIL, EMAIL)).toBe(EMAIL_NAME);
    expect(weakPasswordMessage('ADA.LOVELACE@EXAMPLE.COM', EMAIL)).toBe(EMAIL_NAME);
    expect(weakPasswordMessage('my-Ada.Lovelace-key-9', EMAIL)).toBe(EMAIL_NAME);
    // A name shorter than 3 characters is too short to judge, but the whole email still counts.
    expect(passwordContainsEmailName('bo-and-friends-9', 'bo@example.com')).toBe(false);
    expect(passwordContainsEmailName('bo@example.com', 'bo@example.com')).toBe(true);
    expect(weakPasswordMessage('lovelace-engine-1843', EMAIL)).toBeNull();
  });

  it('lets a strong password through', () => {
    expect(weakPasswordMessage('tidal-orchard-58', EMAIL)).toBeNull();
    expect(weakPasswordMessage('analytical-engine-1', null)).toBeNull();
  });

  it('judges the NFC form: a decomposed é is the same password and the same email name', () => {
    const decomposed = 'jose\u0301';
    expect(normalizePassword(`${decomposed}-99`)).toBe('jos\u00e9-99');
    expect(passwordContainsEmailName(`${decomposed}-blue-harbor-9`, 'jos\u00e9@example.com')).toBe(true);
    expect(passwordContainsEmailName('jos\u00e9-blue-harbor-9', `${decomposed}@example.com`)).toBe(true);
  });

  it('the signup schema (web form and API) refuses the email name on the password field', () => {
    const r = signupPasswordSchema.safeParse({
      email: EMAIL,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'ada.lovelace-1',
    });
    expect(r.success).toBe(false);
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({ password: EMAIL_NAME });
  });
});
