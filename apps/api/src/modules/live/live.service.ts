// Live updates to open pages (issue 15; docs/decisions/014-live-updates.md): who may open a stream of
// which topics, stream tokens, and the polling fallback's answer.
// A browser's EventSource sends no Authorization header, so a user's own topic (user:{id}: alerts) is
// opened with a stream token: a random secret a signed-in POST hands out, stored as its SHA-256 hash,
// good for STREAM_TOKEN_TTL_MS to open (or reopen) streams. Every other topic is public.
import { AppError } from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import type { LiveEventRecord, LiveEvents } from '../../lib/live-events';
import { hashToken, newToken } from '../auth/tokens';
import type { LiveRepo } from './live.repo';
import { createStreams, type StreamsOptions } from './streams';

export const STREAM_TOKEN_TTL_MS = 10 * 60_000;

/** nifty:{contract}:{type}, drop:{id}, user:{id} (topics in @vitrine/domain). */
export const TOPIC = /^(nifty:[0-9a-z]{1,64}:\d{1,10}|drop:\d{1,10}|user:\d{1,10})$/;

export const LIVE_ERRORS = {
  signInForTopic: () =>
    new AppError({
      errorType: 'unauthorized',
      message: 'A stream token is needed for a user topic',
      statusCode: 401,
    }),
  notYourTopic: () =>
    new AppError({ errorType: 'forbidden', message: 'This topic belongs to another user', statusCode: 403 }),
  tooManyStreams: () =>
    new AppError({
      errorType: 'too-many-streams',
      message: 'Too many open event streams: try again shortly',
      statusCode: 503,
    }),
};

export function createLiveService(deps: {
  repo: LiveRepo;
  clock: Clock;
  events: LiveEvents;
  streams?: Partial<StreamsOptions>;
}) {
  const { repo, clock, events } = deps;
  const streams = createStreams(events, {
    maxStreams: deps.streams?.maxStreams ?? 10_000,
    heartbeatMs: deps.streams?.heartbeatMs ?? 15_000,
  });

  /** Refuses a user topic that is not the caller's (userId: the stream token's or the bearer's user). */
  function authorise(topicList: string[], userId: number | null): void {
    for (const topic of topicList) {
      if (!topic.startsWith('user:')) continue;
      if (userId === null) throw LIVE_ERRORS.signInForTopic();
      if (topic !== `user:${userId}`) throw LIVE_ERRORS.notYourTopic();
    }
  }

  return {
    streams,

    async issueStreamToken(userId: number): Promise<{ token: string; expires_in: number; topic: string }> {
      const token = newToken('vst');
      const now = clock.now();
      await repo.insertStreamToken(
        hashToken(token),
        userId,
        new Date(now.getTime() + STREAM_TOKEN_TTL_MS),
        now,
      );
      return { token, expires_in: STREAM_TOKEN_TTL_MS / 1000, topic: `user:${userId}` };
    },

    /** Opens a stream of the topics after checking the stream token for user topics. */
    async openStream(topicList: string[], streamToken: string | null, lastEventId: string | null) {
      if (streams.full()) throw LIVE_ERRORS.tooManyStreams();
      const needsUser = topicList.some((t) => t.startsWith('user:'));
      const userId =
        needsUser && streamToken ? await repo.streamTokenUser(hashToken(streamToken), clock.now()) : null;
      authorise(topicList, userId);
      return streams.open(topicList, lastEventId);
    },

    /** The polling fallback: kept events of the topics after `afterId`, and the id to ask after next. */
    async recent(
      topicList: string[],
      afterId: string | null,
      userId: number | null,
    ): Promise<{ last_id: string; events: { id: string; topic: string; type: string; data: unknown }[] }> {
      authorise(topicList, userId);
      const lastId = await events.lastId();
      // The first poll only learns where to start.
      if (afterId === null) return { last_id: lastId, events: [] };
      const records: LiveEventRecord[] = (await Promise.all(topicList.map((t) => events.recent(t, afterId))))
        .flat()
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
      const last = records.at(-1)?.id;
      return {
        last_id: last !== undefined && BigInt(last) > BigInt(lastId) ? last : lastId,
        events: records.map((r) => ({ id: r.id, topic: r.topic, type: r.event.type, data: r.event.data })),
      };
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
