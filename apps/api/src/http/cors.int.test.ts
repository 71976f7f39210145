// A web app served from another origin than the API (CORS_ORIGINS): it reads what it needs of each answer,
// including `Date`, from which the web app takes the server's clock for countdowns and sale windows
// (apps/web/src/lib/server-clock.ts; decision 014 §10). `Date` is not a CORS-safelisted response header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../testing/test-app';

const WEB = 'https://web.vitrine.test';

describe('CORS for a web app on another origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ seed: false, config: { corsOrigins: [WEB] } });
  });
  afterAll(() => t.close());

  it("exposes the answer's Date (the server clock) and request id to the allowed origin", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: WEB } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(WEB);
    const exposed = String(res.headers['access-control-expose-headers'] ?? '')
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(exposed).toContain('date');
    expect(exposed).toContain('x-request-id');
  });

  it('allows no other origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
