// An accounts body reads the same form-encoded or as JSON, under any of its spellings.
import { fieldErrors } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { byGrant, formBody, formBoolean } from './parse';

const body = formBody(
  z.object({
    twoFAToken: z.string({ error: 'Required' }).min(1, 'Required'),
    code: z.string().optional(),
    remember: formBoolean,
  }),
  { twoFAToken: ['twoFAToken', 'twofa_token', 'token'] },
);
const errors = (r: z.ZodSafeParseResult<unknown>) => (r.success ? {} : fieldErrors(r.error));

describe('formBody', () => {
  it('reads any spelling of a field as the field, the first spelling given winning', () => {
    expect(body.parse({ token: 'a' })).toEqual({ twoFAToken: 'a' });
    expect(body.parse({ token: 'a', twofa_token: 'b' })).toEqual({ twoFAToken: 'b' });
    expect(body.parse({ token: 'a', twoFAToken: 'c' })).toEqual({ twoFAToken: 'c' });
  });

  it('names the field as documented in a 400, whichever spelling was sent', () => {
    expect(errors(body.safeParse({ twofa_token: '' }))).toEqual({ twoFAToken: 'Required' });
    expect(errors(body.safeParse({}))).toEqual({ twoFAToken: 'Required' });
  });

  it('reads JSON numbers and booleans as a form sends them', () => {
    expect(body.parse({ token: 'a', code: 123456, remember: true })).toEqual({
      twoFAToken: 'a',
      code: '123456',
      remember: true,
    });
    for (const [sent, read] of [
      ['true', true],
      ['1', true],
      ['FALSE', false],
      ['0', false],
      ['maybe', undefined],
    ] as const) {
      expect(body.parse({ token: 'a', remember: sent }).remember, sent).toBe(read);
    }
  });

  it('keeps a field named __proto__ a field, and refuses a body that is not an object', () => {
    // As a prototype, it would hand the schema its `code`.
    expect(body.parse(JSON.parse('{"token":"a","__proto__":{"code":"x"}}'))).toEqual({ twoFAToken: 'a' });
    expect(body.safeParse([1, 2]).success).toBe(false);
    expect(body.safeParse('token=a').success).toBe(false);
  });

  it('tells grant types apart: a missing one is Required, an unknown one unsupported', () => {
    const grants = formBody(
      byGrant('grant_type', [
        z.object({ grant_type: z.literal('password'), password: z.string({ error: 'Required' }) }),
        z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string({ error: 'Required' }) }),
      ]),
      { grant_type: ['grant_type', 'grantType'] },
    );
    expect(errors(grants.safeParse({}))).toEqual({ grant_type: 'Required' });
    expect(errors(grants.safeParse({ grantType: 'magic' }))).toEqual({
      grant_type: 'Unsupported grant type',
    });
    expect(errors(grants.safeParse({ grantType: 'password', refresh_token: 'x' }))).toEqual({
      password: 'Required',
    });
    expect(grants.parse({ grantType: 'refresh_token', refresh_token: 'r' })).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r',
    });
  });
});
