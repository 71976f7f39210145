import { describe, expect, it } from 'vitest';
import { isHttpsUrl, socialLinkInputSchema, storefrontUpdateSchema } from './storefront-rules';

const fieldErrors = (input: unknown) => {
  const r = storefrontUpdateSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('storefront rules (001 §5, §9)', () => {
  it('name under 65, bio at most 1000, slug under 36 of letters, numbers, - and _', () => {
    expect(
      fieldErrors({ name: 'a'.repeat(64), description: 'b'.repeat(1000), slug: `${'c'.repeat(33)}-_` }),
    ).toEqual({});
    expect(fieldErrors({ name: 'a'.repeat(65) })).toEqual({ name: 'Name must be under 65 characters' });
    expect(fieldErrors({ description: 'b'.repeat(1001) })).toEqual({
      description: 'Your bio exceeds the 1000 character limit.',
    });
    expect(fieldErrors({ slug: 'c'.repeat(36) })).toEqual({ slug: 'Slug must be under 36 characters' });
    expect(fieldErrors({ slug: 'no spaces' })).toEqual({ slug: 'Use only letters, numbers, - and _' });
    expect(fieldErrors({ name: '  ' })).toEqual({ name: 'Required input' });
  });
  it('pictures come from uploads', () => {
    expect(fieldErrors({ profilePicUrl: '/api/media/uploads/1/a.png', coverPhotoUrl: null })).toEqual({});
    expect(fieldErrors({ profilePicUrl: 'javascript:alert(1)' })).toEqual({
      profilePicUrl: 'Upload a picture first',
    });
  });
  it('social links: the eight kinds, https URLs', () => {
    expect(socialLinkInputSchema.safeParse({ kind: 'X', url: 'https://x.com/atlas' }).success).toBe(true);
    expect(socialLinkInputSchema.safeParse({ kind: 'Myspace', url: 'https://x.com/a' }).success).toBe(false);
    expect(isHttpsUrl('http://x.com/a')).toBe(false);
    expect(isHttpsUrl('https://localhost/a')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
  });
});
