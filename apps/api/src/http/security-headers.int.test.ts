// Security headers on every answer (issue #11 finding 5; docs/decisions/003-accounts-api.md "Headers"): a CSP
// (strict for the web app, none-at-all for API answers), nosniff, no framing, a referrer policy, HSTS only when the
// public origin is https, and Cache-Control: no-store on token and account answers.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsTestApp,
  bearer,
  COLLECTOR,
  form,
  signIn,
  solveCaptcha,
} from '../modules/auth/testing/auth-kit';
import { type TestApp, testApp } from '../testing/test-app';

type Headers = Record<string, string | string[] | number | undefined>;

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function directives(csp: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectCommonHeaders(headers: Headers, label: string) {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(directives(headers['content-security-policy']).get('frame-ancestors'), label).toEqual(["'none'"]);
}

const webDist = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Vitrine</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await accountsTestApp(
    {},
    { webDist, apiUrl: 'https://api.vitrine.example', searchUrl: 'https://search.vitrine.example/search' },
  );
  https = await testApp({ seed: false, config: { accounts: { publicOrigin: 'https://vitrine.example' } } });
});
afterAll(async () => {
  await t.close();
  await https.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('API answers', () => {
  it('carry a CSP that allows nothing, nosniff, no framing and the referrer policy, also on errors', async () => {
    for (const url of ['/api/v1/drops/', '/api/no-such-thing', '/api/v1/drops/?page=0', '/search/nope']) {
      const res = await t.app.inject(url);
      expectCommonHeaders(res.headers, url);
      expect(res.headers['content-security-policy'], url).toBe(API_CSP);
    }
  });

  it('send HSTS only when the public origin is https', async () => {
    expect((await t.app.inject('/api/v1/drops/')).headers['strict-transport-security']).toBeUndefined();
    const res = await https.app.inject('/api/v1/drops/');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expectCommonHeaders(res.headers, 'https');
  });

  it('keep the sandbox policy of stored media', async () => {
    const drops = (await t.app.inject('/api/v1/drops/?status=live&page_size=1')).json() as {
      results: { cards: { asset: { src: string } }[] }[];
    };
    const media = drops.results[0]?.cards[0]?.asset.src;
    expect(media).toMatch(/^\/api\/media\//);
    const res = await t.app.inject(String(media));
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers['content-security-policy']).has('sandbox')).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('Cache-Control: no-store on token and account answers', () => {
  it('on the token call, the JSON login, two-factor verify and signup', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/o/token/',
      ...form({
        grant_type: 'password',
        username: COLLECTOR.email,
        password: COLLECTOR.password,
        captcha_token_v3: await solveCaptcha(t.app),
      }),
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { ...COLLECTOR, captchaTokenV3: await solveCaptcha(t.app) },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup/',
      payload: {
        grantType: 'password',
        email: 'headers@vitrine.test',
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: 'engine-1843',
        captchaToken: await solveCaptcha(t.app),
      },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.headers['cache-control']).toBe('no-store');

    for (const url of ['/api/o/twofa/', '/api/users/login/twofa/']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('on the profile, sessions and other per-user account answers', async () => {
    const { access_token } = await signIn(t.app, COLLECTOR.email, COLLECTOR.password);
    for (const url of ['/api/user/profile/', '/api/user/sessions/', '/api/user/twofa/check/']) {
      const res = await t.app.inject({ url, headers: bearer(access_token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const signedOut = await t.app.inject('/api/user/profile/');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
  });

  it('not on public catalog answers', async () => {
    const res = await t.app.inject('/api/feature-flag/');
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('the web app', () => {
  it('has a strict CSP: scripts from itself and the hash of the injected config, no inline script', async () => {
    for (const url of ['/', '/login', '/marketplace/explore']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expectCommonHeaders(res.headers, url);
      const csp = directives(res.headers['content-security-policy']);
      const inline = /<script>([^<]*)<\/script>/.exec(res.body)?.[1];
      expect(inline, url).toContain('window.__VITRINE__=');
      const hash = `'sha256-${createHash('sha256').update(String(inline)).digest('base64')}'`;
      expect(csp.get('script-src'), url).toEqual(["'self'", hash]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      expect(csp.get('style-src'), url).toEqual(["'self'"]);
      expect(csp.get('connect-src'), url).toEqual([
        "'self'",
        'https://api.vitrine.example',
        'https://search.vitrine.example',
      ]);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe');
      // No Stripe here: nothing of Stripe's may load, and the page is not given a key.
      expect(String(res.headers['content-security-policy'])).not.toContain('stripe');
      expect(csp.get('frame-src'), url).toBeUndefined();
      expect(inline, url).not.toContain('stripePublishableKey');
    }
  });

  it("with Stripe, gives the page the publishable key (never the secret) and lets Stripe.js's hosts in", async () => {
    const stripe = await testApp({
      seed: false,
      config: {
        webDist,
        stripe: {
          secretKey: 'sk_test_never_in_a_page',
          publishableKey: 'pk_test_for_the_page',
          apiBase: 'http://127.0.0.1:9',
        },
      },
    });
    try {
      const res = await stripe.app.inject('/marketplace/explore');
      expect(res.statusCode).toBe(200);
      const inline = /<script>([^<]*)<\/script>/.exec(res.body)?.[1];
      expect(inline).toContain('"stripePublishableKey":"pk_test_for_the_page"');
      expect(res.body).not.toContain('sk_test_never_in_a_page');
      const csp = directives(res.headers['content-security-policy']);
      const hash = `'sha256-${createHash('sha256').update(String(inline)).digest('base64')}'`;
      expect(csp.get('script-src')).toEqual([
        "'self'",
        hash,
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      expect(csp.get('frame-src')).toEqual([
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      // Still no inline script or style of anyone's.
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe');
    } finally {
      await stripe.close();
    }
  });

  it('keeps a looser policy for the API docs, which still render', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    expectCommonHeaders(res.headers, 'docs');
    expect(directives(res.headers['content-security-policy']).get('script-src')?.[0]).toBe("'self'");
  });
});
