import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  fieldErrors,
  loginSchema,
  normalizePhoneInput,
  passwordChecklist,
  phoneNumberSchema,
  signupPasswordSchema,
  signupWalletSchema,
  socialLinksSchema,
  twoFactorCodeSchema,
} from './accounts';

const errorsOf = (
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error as Parameters<typeof fieldErrors>[0]);
};

describe('login form (000 §5)', () => {
  it("requires email and password with 'Required'", () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: 'Required', password: 'Required' });
    expect(errorsOf(loginSchema, { email: '  ', password: '' })).toEqual({
      email: 'Required',
      password: 'Required',
    });
  });
  it("checks the email pattern with 'Invalid email address'", () => {
    for (const email of ['a', 'a@b', 'a@b.c', 'a b@c.com', '@example.com']) {
      expect(errorsOf(loginSchema, { email, password: 'x' }).email, email).toBe('Invalid email address');
    }
    expect(errorsOf(loginSchema, { email: 'Ada.L+nft@example.co.uk', password: 'x' })).toEqual({});
  });
  it("a two-factor code needs at least 5 characters: 'Invalid verification code'", () => {
    expect(errorsOf(twoFactorCodeSchema, {})).toEqual({ code: 'Required' });
    expect(errorsOf(twoFactorCodeSchema, { code: '1234' })).toEqual({ code: 'Invalid verification code' });
    expect(errorsOf(twoFactorCodeSchema, { code: '12345' })).toEqual({});
  });
});

describe('signup forms (000 §5)', () => {
  const base = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
  it('password: 8 characters and a special character or number', () => {
    expect(errorsOf(signupPasswordSchema, { ...base, password: 'a1!' })).toEqual({
      password: 'Password must contain at least 8 characters',
    });
    expect(errorsOf(signupPasswordSchema, { ...base, password: 'abcdefgh' })).toEqual({
      password: 'Password must contain one special character or number',
    });
    expect(errorsOf(signupPasswordSchema, { ...base, password: 'abcdefg1' })).toEqual({});
    expect(errorsOf(signupPasswordSchema, { ...base, password: 'abcdefg!' })).toEqual({});
    expect(errorsOf(signupPasswordSchema, { ...base, password: `${'a'.repeat(128)}1` })).toEqual({
      password: 'Password must contain at most 128 characters',
    });
  });
  it('first and last name are required; the wallet form checks only email and names', () => {
    expect(errorsOf(signupPasswordSchema, { email: '', password: 'abcdefg1' })).toEqual({
      email: 'Required',
      firstName: 'Required',
      lastName: 'Required',
    });
    expect(errorsOf(signupWalletSchema, base)).toEqual({});
  });
  it('the live checklist', () => {
    expect(passwordChecklist('abc')).toEqual([
      { label: '8 characters', met: false },
      { label: 'A special character or number', met: false },
    ]);
    expect(passwordChecklist('abcdefg#').every((i) => i.met)).toBe(true);
  });
  it('change password uses the same rules', () => {
    expect(errorsOf(changePasswordSchema, { current_password: 'x', new_password: 'short' })).toEqual({
      new_password: 'Password must contain at least 8 characters',
    });
  });
});

describe('phone numbers (000 §5)', () => {
  it('strips spaces, parentheses and the first hyphen', () => {
    expect(normalizePhoneInput('(202) 555-01-43')).toBe('20255501-43');
    expect(normalizePhoneInput(' +1 (202) 555-0143 ')).toBe('+12025550143');
  });
  it('accepts international numbers only', () => {
    expect(phoneNumberSchema.safeParse('+12025550143').success).toBe(true);
    expect(phoneNumberSchema.safeParse('2025550143').success).toBe(false);
    expect(phoneNumberSchema.safeParse('+1202').success).toBe(false);
  });
});

describe('social links', () => {
  it('accepts the spec kinds in any case, http(s) only', () => {
    expect(
      socialLinksSchema.parse({ socialLinks: [{ kind: 'YouTube', url: 'https://youtube.com/x' }] }),
    ).toEqual({
      socialLinks: [{ kind: 'youtube', url: 'https://youtube.com/x' }],
    });
    expect(
      socialLinksSchema.safeParse({ socialLinks: [{ kind: 'x', url: 'javascript:alert(1)' }] }).success,
    ).toBe(false);
    expect(
      socialLinksSchema.safeParse({ socialLinks: [{ kind: 'myspace', url: 'https://m.com' }] }).success,
    ).toBe(false);
  });
});
