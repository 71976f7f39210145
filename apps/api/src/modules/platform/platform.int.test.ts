import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';

const ADMIN_TOKEN = 'test-admin-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ config: { adminToken: ADMIN_TOKEN } });
});
afterAll(async () => {
  await t.close();
});

describe('health and readiness', () => {
  it('GET /api/health answers while the process is up', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /api/ready answers ready once the store is migrated', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      store: process.env.TEST_STORE === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('every answer carries a request id, and a sane incoming one is kept', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-trace-12345678' } });
    expect(kept.headers['x-request-id']).toBe('lb-trace-12345678');
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\n' } });
    // An unsafe incoming id is replaced by a fresh UUID (which may well contain the hex 'bad').
    expect(replaced.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('accepts the headers of 000 §7 (bearer token, X-SID, X-Time) on any call', async () => {
    const res = await t.app.inject({
      url: '/api/feature-flag/',
      headers: { authorization: 'Bearer abc', 'x-sid': 'c0ffee-1234', 'x-time': String(Date.now()) },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the route schemas at /api/docs', async () => {
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const json = doc.json() as { openapi: string; paths: Record<string, unknown> };
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/feature-flag/',
        '/api/v1/fxrates/',
        '/api/v1/drops/',
      ]),
    );
  });
});

describe('GET /api/feature-flag/', () => {
  it('includes POST_PRODUCTION_PAGES_ENABLED and the maintenance switch', async () => {
    const res = await t.app.inject('/api/feature-flag/');
    expect(res.statusCode).toBe(200);
    const flags = res.json() as Record<string, boolean>;
    expect(flags.POST_PRODUCTION_PAGES_ENABLED).toBe(false);
    expect(flags.MAINTENANCE_MODE).toBe(false);
    expect(res.headers['cache-control']).toContain('max-age=60');
  });
});

describe('PUT /api/feature-flag/{key}/', () => {
  it('lets an operator switch maintenance mode on and off', async () => {
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/feature-flag/MAINTENANCE_MODE/',
      headers: { authorization: 'Bearer wrong-token-0000000000' },
      payload: { enabled: true },
    });
    expect(denied.statusCode).toBe(401);
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/feature-flag/MAINTENANCE_MODE/',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await t.app.inject('/api/feature-flag/')).json()).toMatchObject({ MAINTENANCE_MODE: true });
    await t.app.inject({
      method: 'PUT',
      url: '/api/feature-flag/MAINTENANCE_MODE/',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { enabled: false },
    });
    expect((await t.app.inject('/api/feature-flag/')).json()).toMatchObject({ MAINTENANCE_MODE: false });
  });

  it('refuses a malformed flag name with a 400 naming it', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/feature-flag/drop%20table/',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json() as { fields: object }).fields)).toContain('key');
  });
});

describe('exchange rates', () => {
  it('answers the newest seeded ETH→USD rate first, as the web app asks for it', async () => {
    const res = await t.app.inject(
      '/api/v1/fxrates/?source_currency=ETH&base_currency=USD&order_by=-created_at&limit=1',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: { price: string; source_currency: string }[] };
    expect(body.count).toBeGreaterThanOrEqual(1);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]?.source_currency).toBe('ETH');
    expect(Number(body.results[0]?.price)).toBeGreaterThan(100);
  });

  it('answers an empty list for a pair with no rate (the client then uses 1)', async () => {
    const res = await t.app.inject('/api/v1/fxrates/?source_currency=USD&base_currency=ETH');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 0, results: [] });
  });

  it('refuses an unknown currency with a 400 naming the field', async () => {
    const res = await t.app.inject('/api/v1/fxrates/?source_currency=DOGE&base_currency=USD');
    expect(res.statusCode).toBe(400);
    const body = res.json() as {
      statusCode: number;
      errorType: string;
      message: string;
      fields: Record<string, string>;
    };
    expect(body).toMatchObject({ statusCode: 400, errorType: 'validation-error' });
    expect(Object.keys(body.fields)).toContain('source_currency');
  });

  it('lets an operator record a new rate, which becomes the one in force', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fxrates/',
      payload: { source_currency: 'ETH', base_currency: 'USD', price: '4000.5' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      errorType: 'unauthorized',
      message: 'Request credentials could not be verified.',
    });

    t.clock.advance(1000);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fxrates/',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { source_currency: 'ETH', base_currency: 'USD', price: '4000.5' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ source_currency: 'ETH', base_currency: 'USD', price: '4000.5' });

    const latest = await t.app.inject('/api/v1/fxrates/?source_currency=ETH&base_currency=USD&limit=1');
    expect((latest.json() as { results: { price: string }[] }).results[0]?.price).toBe('4000.5');
  });

  it('refuses a rate that is not a positive decimal', async () => {
    for (const price of ['-1', '0', 'abc', '1e5', '0.0000000000000000001']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/fxrates/',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { source_currency: 'ETH', base_currency: 'USD', price },
      });
      expect(res.statusCode, price).toBe(400);
      expect(Object.keys((res.json() as { fields: object }).fields)).toContain('price');
    }
  });
});

describe('rate editing without ADMIN_TOKEN', () => {
  it('is switched off (403)', async () => {
    const off = await testApp({ seed: false });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/v1/fxrates/',
        headers: { authorization: 'Bearer anything-at-all-123456' },
        payload: { source_currency: 'ETH', base_currency: 'USD', price: '1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, errorType: 'forbidden' });
    } finally {
      await off.close();
    }
  });
});
