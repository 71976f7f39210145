// Alerts (issue 15; docs/decisions/014-live-updates.md): one call, `send(userId, { kind, message, link })`,
// stores the alert, publishes 'alert' on the user's topic (the header's bell) and emails it through the
// Notifier. Other modules (bids, drawings, settlement) call it after their transaction commits; a
// `key` makes it once-only per user, so a job that runs again alerts nobody twice.
// The two alerts this module schedules itself are jobs (services.jobs): ending-soon, before an auction
// ends, to the nifty's watchers; drop-live, at a drop's start, to the followers of its publisher.
import type { AlertKind } from '@vitrine/domain';
import { AppError, bidPagePath, topics } from '@vitrine/domain';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs';
import type { LiveEvents } from '../../lib/live-events';
import { type Notifier, withLink } from '../../lib/notifier';
import type { AlertRow, LiveRepo } from './live.repo';

/** An ending-soon alert goes out this long before the auction's end. */
export const ENDING_SOON_BEFORE_MS = 15 * 60_000;

export const ALERT_JOBS = { endingSoon: 'alert.ending-soon', dropLive: 'alert.drop-live' } as const;

const SUBJECTS: Record<AlertKind, string> = {
  outbid: 'You have been outbid',
  'ending-soon': 'An auction is ending soon',
  won: 'You won',
  lost: 'Your bid did not win',
  'drawing-result': 'Drawing results',
  'drop-live': 'A drop is live',
  sold: 'Your NFT sold',
};

export interface AlertInput {
  kind: AlertKind;
  message: string;
  /** A path in the web app (e.g. `/checkout/0xabc/3`), or null. */
  link: string | null;
  /** Once-only per user: a second send with the same key does nothing. */
  key?: string;
  /** false: in the app only (default: also by email when the user has one). */
  email?: boolean;
}

export interface AlertView {
  id: number;
  kind: AlertKind;
  message: string;
  link: string | null;
  read: boolean;
  created_at: string;
}

const view = (r: AlertRow): AlertView => ({
  id: r.id,
  kind: r.kind as AlertKind,
  message: r.message,
  link: r.link,
  read: r.readAt !== null,
  created_at: r.createdAt.toISOString(),
});

export function createAlertsService(deps: {
  repo: LiveRepo;
  clock: Clock;
  events: LiveEvents;
  jobs: Jobs;
  notifier: Notifier;
  background: Background;
  /** Absolute links in emails. */
  webOrigin: () => string;
}) {
  const { repo, clock, events, jobs, notifier, background } = deps;
  /** Who else watches an auction (the bids module adds its bidders), besides the users who saved the nifty. */
  const watcherSources: ((niftyId: number) => Promise<number[]>)[] = [];

  const service = {
    /** Stores, publishes on topics.user(userId) and emails. Returns the alert, or null when `key` was used already. */
    async send(userId: number, input: AlertInput): Promise<AlertView | null> {
      const row = await repo.insertAlert({
        userId,
        kind: input.kind,
        message: input.message,
        link: input.link,
        dedupeKey: input.key ?? null,
        createdAt: clock.now(),
      });
      if (!row) return null;
      await events.publish(topics.user(userId), {
        type: 'alert',
        data: { kind: input.kind, message: input.message, link: input.link },
      });
      if (input.email !== false) {
        background.run(async () => {
          const to = await repo.emailOf(userId);
          if (!to) return;
          await notifier.send({
            channel: 'email',
            to,
            kind: 'alert',
            subject: SUBJECTS[input.kind],
            ...(input.link === null
              ? { text: input.message }
              : withLink(deps.webOrigin, input.message, input.link)),
          });
        });
      }
      return view(row);
    },

    /** An operator's alert to the user of an email (404 when none). */
    async sendToEmail(email: string, input: AlertInput): Promise<AlertView> {
      const userId = await repo.userIdByEmail(email);
      const sent = userId === null ? null : await service.send(userId, input);
      if (!sent) throw new AppError({ errorType: 'not-found', message: 'User not found', statusCode: 404 });
      return sent;
    },

    async list(userId: number, page: number, pageSize: number) {
      const [rows, counts] = await Promise.all([
        repo.alertsOf(userId, pageSize, (page - 1) * pageSize),
        repo.counts(userId),
      ]);
      return {
        count: counts.total,
        page,
        page_size: pageSize,
        total_pages: Math.ceil(counts.total / pageSize),
        results: rows.map(view),
        unread_count: counts.unread,
      };
    },

    /** Marks the given alerts (or all) read; answers the unread count after. */
    async markRead(userId: number, ids: number[] | null): Promise<{ unread_count: number }> {
      await repo.markRead(userId, ids, clock.now());
      return { unread_count: (await repo.counts(userId)).unread };
    },

    /** Adds a source of an auction's watchers (the bids module: its bidders). */
    addWatchers(source: (niftyId: number) => Promise<number[]>): void {
      watcherSources.push(source);
    },

    /** Sends the ending-soon job of an auction (again when its end moves: each user is alerted once). */
    async scheduleEndingSoon(niftyId: number, endsAt: Date): Promise<void> {
      await jobs.send(
        ALERT_JOBS.endingSoon,
        { niftyId },
        {
          startAfter: new Date(endsAt.getTime() - ENDING_SOON_BEFORE_MS),
          singletonKey: `${niftyId}:${endsAt.getTime()}`,
        },
      );
    },

    /** Sends the drop-live job of a published drop, at its start. */
    async scheduleDropLive(dropId: number, startAt: Date): Promise<void> {
      await jobs.send(ALERT_JOBS.dropLive, { dropId }, { startAfter: startAt, singletonKey: String(dropId) });
    },

    /** Sends the drop-live jobs of every published drop still to start (at start-up: in-process jobs are not kept). */
    async scheduleUpcomingDrops(): Promise<void> {
      for (const d of await repo.upcomingDrops(clock.now())) await service.scheduleDropLive(d.id, d.startAt);
    },
  };

  jobs.register<{ niftyId: number }>(ALERT_JOBS.endingSoon, async ({ niftyId }) => {
    const nifty = await repo.niftyWatch(niftyId);
    if (!nifty) return;
    const extra = await Promise.all(watcherSources.map((s) => s(niftyId)));
    const users = new Set([...nifty.watchers, ...extra.flat()]);
    for (const userId of users) {
      await service.send(userId, {
        kind: 'ending-soon',
        message: `The auction for ${nifty.title} ends soon`,
        // Its bid page (QA 2026-12-07: a checkout link without an intent, which could only say 'not found').
        link: bidPagePath(nifty.saleType, nifty.contractAddress, nifty.niftyType),
        key: `ending-soon:${niftyId}`,
      });
    }
  });

  jobs.register<{ dropId: number }>(ALERT_JOBS.dropLive, async ({ dropId }) => {
    const drop = await repo.drop(dropId);
    if (drop?.status !== 'published') return;
    // A drop moved later: wait for its new start.
    if (drop.startAt.getTime() > clock.now().getTime()) {
      await service.scheduleDropLive(dropId, drop.startAt);
      return;
    }
    for (const userId of await repo.followersOfPublisher(drop.publisherId)) {
      await service.send(userId, {
        kind: 'drop-live',
        message: `${drop.title} by ${drop.publisherName} is live`,
        // The drop's page, where collectors buy (the web's dropPath), not the publisher's studio list.
        link: `/collections/${encodeURIComponent(drop.slug)}`,
        key: `drop-live:${dropId}`,
      });
    }
  });

  return service;
}

export type AlertsService = ReturnType<typeof createAlertsService>;
