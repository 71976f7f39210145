// Voids owed (decision 009 "Voids owed"): an authorisation we let go of (a purchase that lost, an offer withdrawn,
// a bid outbid, a verification dropped) is voided at once; when the processor does not answer, the void is written
// down and the minute sweep tries it again, within the 7 days an authorisation lives. So a failed void never turns
// an answer into a server error, and never leaves a buyer's money held until the authorisation lapses.
import { type Db, schema } from '@vitrine/db';
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { ServiceLog } from '../../lib/service-log';
import type { ExternalPaymentProvider } from './payment-providers';

/** How long an authorisation lives at the processor: older owed voids have lapsed by themselves. */
const AUTHORIZATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export function createOwedVoids(
  db: Db,
  clock: Clock,
  providers: readonly ExternalPaymentProvider[],
  log: ServiceLog,
) {
  const owed = schema.owedVoids;
  const byMethod = new Map(providers.map((p) => [p.method as string, p]));

  async function note(processor: string, providerReference: string): Promise<void> {
    await db
      .insert(owed)
      .values({ processor, providerReference, createdAt: clock.now() })
      .onConflictDoUpdate({
        target: [owed.processor, owed.providerReference],
        set: { releasedAt: null },
      });
  }

  return {
    /**
     * The provider as the services use it: the same calls, but a void that fails is owed instead of thrown. Reads
     * through to `provider` at each call (tests replace its methods to make the processor fail).
     */
    guard(provider: ExternalPaymentProvider): ExternalPaymentProvider {
      const guarded: ExternalPaymentProvider = Object.create(provider);
      guarded.void = async (providerReference) => {
        try {
          await provider.void(providerReference);
        } catch (error) {
          await note(provider.method, providerReference).catch((noteError: unknown) => {
            // The store is down as well: nothing more can be done here; the authorisation lapses by itself.
            log.error(
              {
                providerReference,
                err: error,
                noteError: noteError instanceof Error ? noteError.message : String(noteError),
              },
              'owed void not recorded',
            );
          });
        }
      };
      return guarded;
    },

    /**
     * Writes a void down as owed inside the caller's transaction (`tx`), before the authorisation is let go of: a
     * process that stops after the commit still leaves it for the sweep. `release` then voids it at once.
     */
    async record(tx: Db, processor: string, providerReference: string): Promise<void> {
      await tx
        .insert(owed)
        .values({ processor, providerReference, createdAt: clock.now() })
        .onConflictDoUpdate({ target: [owed.processor, owed.providerReference], set: { releasedAt: null } });
    },

    /** Voids a recorded void now and marks it released; when the processor fails it stays owed for the sweep. */
    async release(processor: string, providerReference: string): Promise<void> {
      const provider = byMethod.get(processor);
      if (!provider) return;
      // Another processor's reference (made before this server's processor was switched): left owed, never marked
      // released on the word of a processor that never held it.
      if (provider.referencePrefix && !providerReference.startsWith(provider.referencePrefix)) return;
      try {
        await provider.void(providerReference);
        await db
          .update(owed)
          .set({ releasedAt: clock.now() })
          .where(and(eq(owed.processor, processor), eq(owed.providerReference, providerReference)));
      } catch {
        // Owed still: the minute sweep voids it.
      }
    },

    /**
     * Voids what is owed, the least tried first (then the oldest): voids the processor keeps refusing cannot keep
     * newer ones from being tried. Answers how many it released. Runs in the minute sweep.
     */
    async drain(limit = 100): Promise<number> {
      const since = new Date(clock.now().getTime() - AUTHORIZATION_LIFETIME_MS);
      const due = await db
        .select()
        .from(owed)
        .where(
          and(
            isNull(owed.releasedAt),
            gte(owed.createdAt, since),
            // Only processors this server has (one no longer configured would stay at the head of the queue), and
            // only references they made (the simulated card and Stripe share `stripe_card`: `referencePrefix`).
            or(
              ...providers.map((p) =>
                and(
                  eq(owed.processor, p.method),
                  p.referencePrefix
                    ? sql`starts_with(${owed.providerReference}, ${p.referencePrefix})`
                    : undefined,
                ),
              ),
            ),
          ),
        )
        .orderBy(asc(owed.attempts), asc(owed.createdAt))
        .limit(limit);
      let released = 0;
      for (const row of due) {
        const provider = byMethod.get(row.processor);
        if (!provider) continue;
        try {
          await provider.void(row.providerReference);
          await db.update(owed).set({ releasedAt: clock.now() }).where(eq(owed.id, row.id));
          released += 1;
        } catch {
          await db
            .update(owed)
            .set({ attempts: sql`${owed.attempts} + 1` })
            .where(eq(owed.id, row.id));
        }
      }
      return released;
    },
  };
}

export type OwedVoids = ReturnType<typeof createOwedVoids>;
