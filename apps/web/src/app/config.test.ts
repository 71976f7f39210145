import { describe, expect, it } from 'vitest';
import { apiUrl, readRuntimeConfig, searchUrl } from './config';

describe('runtime config', () => {
  it('defaults to same-origin /api and /search when nothing is injected', () => {
    expect(readRuntimeConfig(undefined)).toEqual({ apiUrl: '', searchUrl: '', stripePublishableKey: '' });
    expect(apiUrl('/v1/drops/')).toBe('/api/v1/drops/');
    expect(searchUrl('/api/v2/indexes/products/search')).toBe('/search/api/v2/indexes/products/search');
  });

  it('reads injected origins, with or without the base path and trailing slashes', () => {
    expect(
      readRuntimeConfig({ apiUrl: 'https://api.example.com/', searchUrl: 'https://s.example.com/search' }),
    ).toEqual({
      apiUrl: 'https://api.example.com',
      searchUrl: 'https://s.example.com',
      stripePublishableKey: '',
    });
    expect(readRuntimeConfig({ apiUrl: 'https://api.example.com/api/' }).apiUrl).toBe(
      'https://api.example.com',
    );
  });

  it('ignores values that are not strings', () => {
    expect(readRuntimeConfig({ apiUrl: 42, searchUrl: null })).toEqual({
      apiUrl: '',
      searchUrl: '',
      stripePublishableKey: '',
    });
  });

  it("reads Stripe's publishable key, and nothing else in its place (a secret key is never used)", () => {
    expect(readRuntimeConfig({ stripePublishableKey: 'pk_test_abc123' }).stripePublishableKey).toBe(
      'pk_test_abc123',
    );
    expect(readRuntimeConfig({ stripePublishableKey: 'sk_test_abc123' }).stripePublishableKey).toBe('');
    expect(readRuntimeConfig({ stripePublishableKey: 7 }).stripePublishableKey).toBe('');
  });
});
