// The dev outbox shows every email and SMS, reset links included: it answers only with its key
// (`?key=` or `Authorization: Bearer`), ADMIN_TOKEN when set, else a random key kept in DATA_DIR;
// never in production (issue #11 finding 4).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { outboxKeyFor } from './outbox-key';
import { accountsTestApp, signUp } from './testing/auth-kit';

const EMAIL = 'outbox-owner@example.com';

describe('the outbox with its key', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await accountsTestApp();
    key = t.app.config.outboxKey;
    await signUp(t.app, { email: EMAIL });
    await t.app.inject({ method: 'POST', url: '/api/user/reset-password/', payload: { email: EMAIL } });
    await t.app.services.accounts.background.idle();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without the messages when the key is missing or wrong', async () => {
    for (const request of [
      { url: '/dev/outbox.json' },
      { url: '/dev/outbox' },
      { url: `/dev/outbox.json?to=${EMAIL}` },
      { url: '/dev/outbox.json?key=wrong-key' },
      { url: '/dev/outbox', headers: { authorization: 'Bearer wrong-key' } },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBe(401);
      expect(res.body).not.toContain(EMAIL);
      expect(res.body).not.toContain('reset_token');
    }
    expect((await t.app.inject(`/dev/outbox.json?key=${key.slice(0, -1)}`)).statusCode).toBe(401);
  });

  it('lists the messages with ?key= or a bearer key', async () => {
    const byQuery = await t.app.inject(`/dev/outbox.json?to=${EMAIL}&kind=password_reset&key=${key}`);
    expect(byQuery.statusCode).toBe(200);
    expect((byQuery.json() as { results: { link: string }[] }).results[0]?.link).toContain(
      'reset_token=vpr_',
    );
    const byBearer = await t.app.inject({
      url: `/dev/outbox.json?to=${EMAIL}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(byBearer.statusCode).toBe(200);
  });

  it('the HTML page keeps the key in its own links and sends no referrer', async () => {
    const res = await t.app.inject(`/dev/outbox?key=${encodeURIComponent(key)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `href="/dev/outbox?to=${encodeURIComponent(EMAIL)}&amp;key=${encodeURIComponent(key)}"`,
    );
    expect(res.body).toContain('<meta name="referrer" content="no-referrer">');
    const filtered = await t.app.inject(
      `/dev/outbox?to=${encodeURIComponent(EMAIL)}&key=${encodeURIComponent(key)}`,
    );
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toContain('data-testid="outbox-link"');
  });
});

describe('the outbox key', () => {
  it('is ADMIN_TOKEN when one is set', async () => {
    const adminToken = 'an-admin-token-of-32-characters!';
    const t = await testApp({ seed: false, config: { adminToken, outboxKey: 'not-this-one-0123456789' } });
    try {
      expect(t.app.config.outboxKey).toBe(adminToken);
      expect((await t.app.inject(`/dev/outbox.json?key=${adminToken}`)).statusCode).toBe(200);
      expect((await t.app.inject('/dev/outbox.json?key=not-this-one-0123456789')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('is random, kept in DATA_DIR (owner-only) and the same after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-outbox-key-'));
    const other = mkdtempSync(join(tmpdir(), 'vitrine-outbox-key-'));
    try {
      const first = outboxKeyFor(dir);
      expect(first).toMatch(/^[A-Za-z0-9_-]{32,}$/);
      expect(outboxKeyFor(dir)).toBe(first);
      expect(readFileSync(join(dir, 'outbox.key'), 'utf8').trim()).toBe(first);
      expect(statSync(join(dir, 'outbox.key')).mode & 0o077).toBe(0);
      expect(outboxKeyFor(other)).not.toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('opens nothing in production: both paths answer 404 even with the key', async () => {
    const t = await testApp({
      seed: false,
      config: { nodeEnv: 'production', outboxKey: 'a-key-for-this-test-0123' },
    });
    try {
      for (const url of ['/dev/outbox.json', '/dev/outbox'])
        expect((await t.app.inject(`${url}?key=a-key-for-this-test-0123`)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
