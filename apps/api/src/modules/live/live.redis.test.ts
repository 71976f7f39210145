// Several API processes behind a load balancer (REDIS_URL): an event published in one reaches the
// event streams of another, and the polling fallback of any process reads the same kept events.
// Runs when TEST_REDIS_URL is set (project int-redis), each run with its own key prefix.
import { randomBytes } from 'node:crypto';
import { topics } from '@vitrine/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisLiveEvents } from '../../lib/live-events';
import { type TestApp, testApp } from '../../testing/test-app';
import { connected, openSse } from './testing/sse';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `vitrine-test:${randomBytes(6).toString('hex')}:`;
const apps: TestApp[] = [];
const bases: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i += 1) {
    const t = await testApp({ seed: false, config: { liveEvents: createRedisLiveEvents(url, { prefix }) } });
    apps.push(t);
    bases.push(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  }
});
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('live events through Redis', () => {
  it('an event published in one process reaches a stream on the other, and only once', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const topic = topics.nifty('0xFeed', 3);
    const onB = await openSse(`${bases[1]}/api/v2/events/?topic=${encodeURIComponent(topic)}`);
    const onA = await openSse(`${bases[0]}/api/v2/events/?topic=${encodeURIComponent(topic)}`);
    await Promise.all([connected(onA), connected(onB)]);
    const data = { contractAddress: '0xfeed', niftyType: 3, sold: 1, editionSize: 2 };
    await a.app.services.events.publish(topic, { type: 'sold', data });
    const got = await onB.next((f) => f.event === 'sold');
    expect(JSON.parse(got.data ?? '').data).toEqual(data);
    const same = await onA.next((f) => f.event === 'sold');
    expect(same.id).toBe(got.id);

    // Polled on either process: the same kept event.
    const polled = await b.app.inject({
      url: `/api/v2/events/recent/?topic=${encodeURIComponent(topic)}&after=${BigInt(got.id ?? '1') - 1n}`,
    });
    expect((polled.json() as { events: { id: string }[] }).events.map((e) => e.id)).toEqual([got.id]);

    await a.app.services.events.publish(topic, { type: 'sold', data: { ...data, sold: 2 } });
    await onB.next((f) => f.data?.includes('"sold":2') ?? false);
    expect(onB.frames.filter((f) => f.event === 'sold')).toHaveLength(2);
    onA.close();
    onB.close();
  });

  it('a reconnect on the other process replays what it missed', async () => {
    const [a] = apps as [TestApp, TestApp];
    const topic = topics.drop(31);
    const first = await openSse(`${bases[0]}/api/v2/events/?topic=${topic}`);
    await connected(first);
    const ev = (n: number) => ({
      type: 'sold' as const,
      data: { contractAddress: '0x9', niftyType: 1, sold: n, editionSize: 9 },
    });
    await a.app.services.events.publish(topic, ev(1));
    const seen = await first.next((f) => f.event === 'sold');
    first.close();
    await a.app.services.events.publish(topic, ev(2));
    const again = await openSse(`${bases[1]}/api/v2/events/?topic=${topic}`, {
      'last-event-id': seen.id ?? '',
    });
    await again.next((f) => f.data?.includes('"sold":2') ?? false);
    expect(again.frames.filter((f) => f.event === 'sold')).toHaveLength(1);
    again.close();
  });
});
