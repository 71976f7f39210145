// Each user's customer at the card processor (decision 009, "A card pays for its own user"): Stripe attaches every
// card a user pays with to it, so a card (`pm_…`) pays only for the user whose browser made it, and pays again
// (Stripe refuses a PaymentMethod used once without a customer). Made on a user's first card payment.
import { type Db, schema } from '@vitrine/db';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';

export interface ProcessorCustomers {
  /** The user's customer at the processor, or null before their first card payment. */
  get(userId: number): Promise<string | null>;
  /** Keeps `customerId` as the user's customer unless one is kept already (two first payments at once): the kept one. */
  keep(userId: number, customerId: string): Promise<string>;
  /** Forgets `customerId` as the user's customer (the processor no longer has it); another is made next time. */
  forget(userId: number, customerId: string): Promise<void>;
}

export function createProcessorCustomers(
  db: Db,
  clock: Clock,
  processor = 'stripe_card',
): ProcessorCustomers {
  const table = schema.processorCustomers;
  const get = async (userId: number) => {
    const [row] = await db
      .select({ customerId: table.customerId })
      .from(table)
      .where(and(eq(table.processor, processor), eq(table.userId, userId)));
    return row?.customerId ?? null;
  };
  return {
    get,
    async keep(userId, customerId) {
      await db
        .insert(table)
        .values({ userId, processor, customerId, createdAt: clock.now() })
        .onConflictDoNothing();
      const kept = await get(userId);
      if (!kept) throw new Error(`processor customer of user ${userId} not kept`);
      return kept;
    },
    async forget(userId, customerId) {
      await db
        .delete(table)
        .where(
          and(eq(table.processor, processor), eq(table.userId, userId), eq(table.customerId, customerId)),
        );
    },
  };
}
