// The usage example (examples/explore.ts) and a signed-in call, through @vitrine/client against a real
// app listening on a random port, on the seeded demo store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Test helpers of the API (a seeded app, a session for a seeded user).
import { sessionFor } from '../../../apps/api/src/modules/social/test-session';
import { type TestApp, testApp } from '../../../apps/api/src/testing/test-app';
import { exploreExample } from '../examples/explore';
import { createVitrineClient } from './index';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('@vitrine/client', () => {
  it('runs the explore example: the most liked NFTs, then the first one by its id', async () => {
    const answer = await exploreExample(baseUrl);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.mostLiked).toHaveLength(5);
    expect(answer.item?.name).toBeTruthy();
    expect(answer.mostLiked[0]).toContain(answer.item?.name);
  });

  it('answers the error envelope, typed, for an item that does not exist', async () => {
    const vitrine = createVitrineClient({ baseUrl });
    const { data, error, response } = await vitrine.GET(
      '/api/v1/marketplace/items/{contractAddress}/{tokenId}/',
      { params: { path: { contractAddress: `0x${'0'.repeat(40)}`, tokenId: '1' } } },
    );
    expect(response.status).toBe(404);
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ statusCode: 404, errorType: 'not-found' });
  });

  it('sends the token: the signed-in user reads their own profile, a caller without one gets 401', async () => {
    const me = await sessionFor(t.app, 'inesvidal');
    const signedIn = await createVitrineClient({ baseUrl, token: me.token }).GET('/api/user/profile/');
    expect(signedIn.error).toBeUndefined();
    expect(signedIn.data?.id).toBe(me.userId);

    const anonymous = await createVitrineClient({ baseUrl }).GET('/api/user/profile/');
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error?.errorType).toBeTruthy();
  });
});
