// A password reset answers after the same work whether or not the account exists (issue #11
// finding 12: 13 ms against 6 ms told which emails have an account). Timing on a shared machine is
// too noisy to test well, so this checks the cause instead: the request waits for nothing that
// depends on the account. Its delivery (the lookup, the stored link, the email) runs after the
// answer; here it is held, and the answer must already have come for both, with nothing sent yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { accountsTestApp, outbox, signUp } from './testing/auth-kit';

let t: TestApp;
beforeAll(async () => {
  t = await accountsTestApp();
  await signUp(t.app, { email: 'timing-known@example.com' });
});
afterAll(async () => {
  await t.close();
});

const ask = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/reset-password/', payload: { email } });

describe('password reset request', () => {
  it('answers before any account-dependent work, for a known and an unknown email alike', async () => {
    const background = t.app.services.accounts.background;
    const release = background.hold();
    const known = await ask('timing-known@example.com');
    const unknown = await ask('timing-nobody@example.com');
    expect(known.json()).toEqual(unknown.json());
    expect(known.statusCode).toBe(200);
    // Answered, and nothing written or sent yet for the existing account.
    const held = await t.app.inject({
      url: '/dev/outbox.json?to=timing-known@example.com&kind=password_reset',
      headers: { authorization: `Bearer ${t.app.config.outboxKey}` },
    });
    expect((held.json() as { results: unknown[] }).results).toHaveLength(0);

    release();
    await background.idle();
    expect(await outbox(t.app, 'timing-known@example.com', 'password_reset')).toHaveLength(1);
    expect(await outbox(t.app, 'timing-nobody@example.com')).toHaveLength(0);
  });
});
