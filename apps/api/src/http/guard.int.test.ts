// Every route that needs a signed-in user says so in the OpenAPI document, and only those refuse a
// caller without a token (http/guard.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../testing/test-app';

type Operation = { security?: Array<Record<string, string[]>>; responses?: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let operations: Array<{ method: string; path: string; url: string; op: Operation }>;
beforeAll(async () => {
  t = await testApp({ seed: false });
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  operations = Object.entries((res.json() as Doc).paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      url: path.replace(/\{[^}]+\}/g, '1'),
      op,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

/** The operation refuses callers without a bearer token (no alternative without one). */
const needsBearer = (op: Operation) =>
  (op.security?.length ?? 0) > 0 && op.security?.every((s) => 'bearer' in s);

const call = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(method === 'GET' || method === 'HEAD' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('signed-in routes', () => {
  it('declare their security in the OpenAPI document, every operation one way or the other', () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const { method, path, op } of operations) {
      expect(op.security, `${method} ${path}`).toBeDefined();
      if (needsBearer(op)) expect(op.responses, `${method} ${path}`).toHaveProperty('401');
    }
    const guarded = operations.filter((o) => needsBearer(o.op)).map((o) => `${o.method} ${o.path}`);
    // The user's own account, sessions, two-factor settings, and the social writes are among them.
    expect(guarded).toEqual(
      expect.arrayContaining([
        'GET /api/user/profile/',
        'GET /api/user/sessions/',
        'POST /api/v2/subscriptions/publishers/{slug}/follow/',
        'POST /api/v2/users/me/boards/favorites/nifties/save/',
      ]),
    );
  });

  it('answer 401 in the error envelope without a token, or with a bad one', async () => {
    for (const { method, path, url, op } of operations) {
      if (!needsBearer(op)) continue;
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
        const res = await call(method, url, headers);
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json(), `${method} ${path}`).toMatchObject({
          statusCode: 401,
          errorType: expect.any(String),
          message: expect.any(String),
        });
      }
    }
  });

  it('are the only ones that refuse a caller without a token (public routes declare security: [])', async () => {
    for (const { method, path, url, op } of operations) {
      if (op.security?.length) continue; // the operator's routes (ADMIN_TOKEN): platform.int.test.ts
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 200)}`).not.toBe(401);
      expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
