// readEnv: with NODE_ENV=production the server refuses to start without the settings production
// needs (docs/security.md), and names each missing one.
import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://vitrine.example',
  CAPTCHA_HMAC_KEY: 'k'.repeat(32),
  SMTP_URL: 'smtp://mail.example:587',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

const message = (source: NodeJS.ProcessEnv) => {
  try {
    readEnv(source);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('readEnv in production', () => {
  it('starts with a https public origin, a captcha key and SMTP', () => {
    expect(readEnv(PRODUCTION).PUBLIC_ORIGIN).toBe('https://vitrine.example');
  });

  it('lists every missing setting', () => {
    const text = message({ NODE_ENV: 'production' });
    expect(text).toContain('PUBLIC_ORIGIN: required when NODE_ENV=production (https://…)');
    expect(text).toContain('CAPTCHA_HMAC_KEY: required when NODE_ENV=production');
    expect(text).toContain('SMTP_URL: required when NODE_ENV=production');
    // Without Stripe the simulated processor would accept any test card: balances and NFTs for nothing.
    expect(text).toContain('STRIPE_SECRET_KEY: required when NODE_ENV=production');
  });

  it('refuses a public origin that is not https', () => {
    expect(message({ ...PRODUCTION, PUBLIC_ORIGIN: 'http://vitrine.example' })).toContain(
      'PUBLIC_ORIGIN: required when NODE_ENV=production (https://…)',
    );
  });

  it('refuses the dev server origin', () => {
    expect(message({ ...PRODUCTION, DEV_WEB_ORIGIN: 'http://localhost:5173' })).toContain(
      'DEV_WEB_ORIGIN: not allowed when NODE_ENV=production',
    );
  });

  it('pins through Pinata only with a JWT, and refuses another Pinata API origin in production', () => {
    expect(readEnv({ PINATA_JWT: '' }).PINATA_JWT).toBeUndefined();
    expect(readEnv({ PINATA_JWT: 'eyJhbGciOiJIUzI1NiJ9.pinata.jwt' }).PINATA_JWT).toBe(
      'eyJhbGciOiJIUzI1NiJ9.pinata.jwt',
    );
    expect(message({ ...PRODUCTION, PINATA_API_URL: 'http://127.0.0.1:9' })).toContain(
      'PINATA_API_URL: not allowed when NODE_ENV=production',
    );
  });

  it('needs the Stripe webhook secret with the Stripe key, and refuses another Stripe API origin', () => {
    const text = message({
      ...PRODUCTION,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    expect(text).toContain('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY when NODE_ENV=production');
    expect(text).toContain('STRIPE_API_BASE: not allowed when NODE_ENV=production');
    expect(
      readEnv({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(message({ STRIPE_SECRET_KEY: 'pk_test_not_a_secret' })).toContain(
      'STRIPE_SECRET_KEY: must be a Stripe secret key',
    );
    expect(readEnv({ STRIPE_SECRET_KEY: '' }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('needs the publishable key with the secret key, of the same mode, in any environment', () => {
    // Without it the web app could take no card at all: the simulated card form is not served with Stripe.
    expect(message({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toContain(
      'STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY',
    );
    expect(
      message({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' }),
    ).toContain('STRIPE_PUBLISHABLE_KEY: must be of the same mode as STRIPE_SECRET_KEY');
    expect(
      message({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc123' }),
    ).toContain('STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key');
    expect(
      readEnv({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' }),
    ).toMatchObject({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' });
  });

  it('needs none of them outside production', () => {
    expect(readEnv({}).NODE_ENV).toBe('development');
  });
});

describe('readEnv: memory settings (docs/operations.md, "Memory")', () => {
  it('gives the embedded store a 32MB page cache unless told otherwise', () => {
    expect(readEnv({}).PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(readEnv({ PGLITE_SHARED_BUFFERS: '128MB' }).PGLITE_SHARED_BUFFERS).toBe('128MB');
  });

  it('reads an empty value (`NAME=` in an env file) as unset', () => {
    const env = readEnv({ PGLITE_SHARED_BUFFERS: '', RESPONSE_CACHE_MAX_BYTES: '' });
    expect(env.PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(env.RESPONSE_CACHE_MAX_BYTES).toBeUndefined();
    expect(readEnv({ RESPONSE_CACHE_MAX_BYTES: '1048576' }).RESPONSE_CACHE_MAX_BYTES).toBe(1048576);
  });

  it('refuses a size PostgreSQL would not read, and a negative cache budget', () => {
    expect(message({ PGLITE_SHARED_BUFFERS: 'lots' })).toContain(
      'PGLITE_SHARED_BUFFERS: must be a size like 32MB (kB, MB or GB)',
    );
    expect(message({ RESPONSE_CACHE_MAX_BYTES: '-1' })).toContain('RESPONSE_CACHE_MAX_BYTES');
  });
});

describe('TRUST_PROXY', () => {
  it('is off when unset or empty', () => {
    expect(readEnv({}).TRUST_PROXY).toBeUndefined();
    expect(readEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
  });

  it('takes the proxies by address or range, or a number of hops', () => {
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('refuses true: any client could then choose its own address', () => {
    expect(message({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY: name the proxies');
  });
});
