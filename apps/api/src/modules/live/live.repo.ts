// Alerts and stream tokens (packages/db/src/schema/live.ts), and the look-ups the alert jobs need.
import { type Db, schema } from '@vitrine/db';
import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';

const {
  alerts,
  liveStreamTokens,
  users,
  drops,
  publishers,
  publisherFollows,
  favoriteNifties,
  nifties,
  collections,
} = schema;

export interface AlertRow {
  id: number;
  kind: string;
  message: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
}

export function createLiveRepo(db: Db) {
  return {
    /** Stores an alert; null when the user already has one with this dedupe key. */
    async insertAlert(a: {
      userId: number;
      kind: string;
      message: string;
      link: string | null;
      dedupeKey: string | null;
      createdAt: Date;
    }): Promise<AlertRow | null> {
      const [row] = await db.insert(alerts).values(a).onConflictDoNothing().returning({
        id: alerts.id,
        kind: alerts.kind,
        message: alerts.message,
        link: alerts.link,
        readAt: alerts.readAt,
        createdAt: alerts.createdAt,
      });
      return row ?? null;
    },

    async alertsOf(userId: number, limit: number, offset: number): Promise<AlertRow[]> {
      return db
        .select({
          id: alerts.id,
          kind: alerts.kind,
          message: alerts.message,
          link: alerts.link,
          readAt: alerts.readAt,
          createdAt: alerts.createdAt,
        })
        .from(alerts)
        .where(eq(alerts.userId, userId))
        .orderBy(desc(alerts.id))
        .limit(limit)
        .offset(offset);
    },

    async counts(userId: number): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${alerts.readAt} is null)::int`,
        })
        .from(alerts)
        .where(eq(alerts.userId, userId));
      return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
    },

    /** Marks the user's alerts read (only theirs: ids of others match nothing); all of them when ids is null. */
    async markRead(userId: number, ids: number[] | null, at: Date): Promise<void> {
      await db
        .update(alerts)
        .set({ readAt: at })
        .where(
          and(
            eq(alerts.userId, userId),
            isNull(alerts.readAt),
            ids === null ? undefined : inArray(alerts.id, ids.length ? ids : [-1]),
          ),
        );
    },

    async userIdByEmail(email: string): Promise<number | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return row?.id ?? null;
    },

    async emailOf(userId: number): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    async insertStreamToken(tokenHash: string, userId: number, expiresAt: Date, now: Date): Promise<void> {
      await db.delete(liveStreamTokens).where(lt(liveStreamTokens.expiresAt, now));
      await db.insert(liveStreamTokens).values({ tokenHash, userId, expiresAt });
    },

    async streamTokenUser(tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await db
        .select({ userId: liveStreamTokens.userId })
        .from(liveStreamTokens)
        .where(and(eq(liveStreamTokens.tokenHash, tokenHash), gt(liveStreamTokens.expiresAt, now)));
      return row?.userId ?? null;
    },

    /** A published drop with its publisher's name and slug. */
    async drop(dropId: number) {
      const [row] = await db
        .select({
          id: drops.id,
          slug: drops.slug,
          title: drops.title,
          status: drops.dropStatus,
          startAt: drops.startAt,
          publisherId: drops.publisherId,
          publisherName: publishers.name,
          publisherSlug: publishers.slug,
        })
        .from(drops)
        .innerJoin(publishers, eq(publishers.id, drops.publisherId))
        .where(eq(drops.id, dropId));
      return row ?? null;
    },

    /** Published drops starting after `at` (their drop-live jobs are sent at start-up). */
    async upcomingDrops(at: Date): Promise<{ id: number; startAt: Date }[]> {
      return db
        .select({ id: drops.id, startAt: drops.startAt })
        .from(drops)
        .where(and(eq(drops.dropStatus, 'published'), gt(drops.startAt, at)));
    },

    async followersOfPublisher(publisherId: number): Promise<number[]> {
      const rows = await db
        .select({ userId: publisherFollows.userId })
        .from(publisherFollows)
        .where(eq(publisherFollows.publisherId, publisherId));
      return rows.map((r) => r.userId);
    },

    /** A nifty's title, end time and address, and the users who saved it as a favourite. */
    async niftyWatch(niftyId: number) {
      const [nifty] = await db
        .select({
          id: nifties.id,
          title: nifties.title,
          endAt: nifties.endAt,
          niftyType: nifties.typeNumber,
          saleType: nifties.saleType,
          contractAddress: collections.contractAddress,
        })
        .from(nifties)
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .where(eq(nifties.id, niftyId));
      if (!nifty) return null;
      const fans = await db
        .select({ userId: favoriteNifties.userId })
        .from(favoriteNifties)
        .where(eq(favoriteNifties.niftyId, niftyId));
      return { ...nifty, watchers: fans.map((f) => f.userId) };
    },
  };
}

export type LiveRepo = ReturnType<typeof createLiveRepo>;
