// Bad input to any route answers 4xx with the envelope of 000 §8, never a 500. The route list comes
// from the live OpenAPI document, so every new route is covered without touching this file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../modules/social/test-session';
import { type TestApp, testApp } from '../testing/test-app';

let t: TestApp;
let routes: { method: string; path: string }[] = [];

beforeAll(async () => {
  t = await testApp();
  const doc = (await t.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await t.close();
});

const hostileQuery = [
  'page=-1',
  'page=1000000000000',
  'page_size=abc',
  'page_size=0',
  'status=zzz',
  'source_currency=%00',
  'base_currency[]=x',
  'limit=1e309',
  `q=${'x'.repeat(5000)}`,
].join('&');

function expectEnvelope(res: { statusCode: number; json: () => unknown }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json() as Record<string, unknown>;
    expect(typeof body.statusCode, label).toBe('number');
    expect(typeof body.errorType, label).toBe('string');
    expect(typeof body.message, label).toBe('string');
  }
}

describe('bad input never causes a 500', () => {
  it('finds the routes to attack', () => {
    expect(routes.length).toBeGreaterThanOrEqual(5);
  });

  it('hostile query strings and path parameters', async () => {
    for (const r of routes) {
      const path = r.path.replace(/\{[^}]+\}/g, '%E0%A4%A').replace(/\*/g, '..%2F..%2Fetc%2Fpasswd');
      const res = await t.app.inject({ method: r.method as 'GET', url: `${path}?${hostileQuery}` });
      expectEnvelope(res, `${r.method} ${r.path}`);
    }
  });

  it('malformed and wrongly typed bodies', async () => {
    const bodies: { payload: string; type: string }[] = [
      { payload: '{"a":', type: 'application/json' },
      { payload: '[1,2,3]', type: 'application/json' },
      { payload: '{"source_currency":5,"price":{"$gt":""}}', type: 'application/json' },
      { payload: 'a=%ZZ&b', type: 'application/x-www-form-urlencoded' },
      { payload: '<xml/>', type: 'application/xml' },
    ];
    for (const r of routes.filter((x) => x.method !== 'GET')) {
      for (const b of bodies) {
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: r.path,
          payload: b.payload,
          headers: { 'content-type': b.type, authorization: 'Bearer test-admin-token-0123456789' },
        });
        expectEnvelope(res, `${r.method} ${r.path} ${b.type}`);
      }
    }
  });

  // A path's id past PostgreSQL's int4 reached the database from one route (a deposit's complete-action): 500.
  it('an id in a path larger than any row can have, signed in', async () => {
    const me = await sessionFor(t.app, 'inesvidal');
    const withParams = routes.filter((r) => r.path.includes('{'));
    expect(withParams.length).toBeGreaterThan(20);
    for (const r of withParams) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: r.path.replace(/\{[^}]+\}/g, '99999999999'),
        headers: { ...me.headers, 'idempotency-key': randomUUID() },
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      expectEnvelope(res, `${r.method} ${r.path}`);
    }
  });

  it('answers 400 with the field at fault', async () => {
    const res = await t.app.inject('/api/v1/drops/?page=0&page_size=1000');
    expect(res.statusCode).toBe(400);
    const body = res.json() as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['page', 'page_size']);
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, errorType: 'not-found' });
  });

  it('answers an oversized body with 413, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fxrates/',
      payload: JSON.stringify({ price: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, errorType: 'payload-too-large' });
  });
});

describe('a NUL byte is refused with 400 everywhere (issue #11 finding 10)', () => {
  function expectBadRequest(res: { statusCode: number; json: () => unknown }, label: string) {
    expect(res.statusCode, label).toBe(400);
    expect(res.json(), label).toMatchObject({ statusCode: 400, errorType: 'bad-request' });
  }

  it('in the query of the reported route', async () => {
    const res = await t.app.inject('/api/v2/subscriptions/publishers/?slugs=a%00b');
    expectBadRequest(res, 'slugs=a%00b');
    expect(res.json()).toEqual({ statusCode: 400, errorType: 'bad-request', message: 'Bad request' });
  });

  it('in the query or the path of every route, and outside the API', async () => {
    for (const r of routes) {
      const path = r.path.replace(/\{[^}]+\}/g, 'x').replace(/\*/g, 'x');
      const query = await t.app.inject({ method: r.method as 'GET', url: `${path}?q=a%00b&slugs=a%00b` });
      expectBadRequest(query, `${r.method} ${r.path} query`);
      if (!r.path.includes('{') && !r.path.includes('*')) continue;
      const inPath = r.path.replace(/\{[^}]+\}/g, 'a%00b').replace(/\*/g, 'a%00b');
      expectBadRequest(
        await t.app.inject({ method: r.method as 'GET', url: inPath }),
        `${r.method} ${r.path} path`,
      );
    }
    expectBadRequest(await t.app.inject('/search/api/v2/search/?q=%00'), 'search host');
    expectBadRequest(await t.app.inject('/marketplace%00/x'), 'web path');
    expectBadRequest(await t.app.inject('/api/v2/subscriptions/publishers/?slugs=a%2500%00'), 'mixed');
    expectBadRequest(await t.app.inject('/api/v2/subscriptions/publishers/?slugs=a\u0000b'), 'raw byte');
  });

  it('in a JSON body that reaches the store, on both stores', async () => {
    const me = await sessionFor(t.app, 'inesvidal');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/v2/alter-user-profile/',
      payload: { bio: 'line one\u0000line two' },
      headers: me.headers,
    });
    expectBadRequest(res, 'bio with a NUL');
  });

  it('keeps a percent-encoded percent sign followed by 00 as text', async () => {
    const res = await t.app.inject('/api/v2/subscriptions/publishers/?slugs=a%2500b');
    expect(res.statusCode).toBe(200);
  });
});
