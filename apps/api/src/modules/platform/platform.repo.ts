import { type Db, schema } from '@vitrine/db';
import { and, asc, count, desc, eq } from 'drizzle-orm';

const { featureFlags, fxRates } = schema;

export interface FxRateRow {
  id: number;
  source_currency: string;
  base_currency: string;
  price: string;
  created_at: string;
}

const toFxRate = (r: typeof fxRates.$inferSelect): FxRateRow => ({
  id: r.id,
  source_currency: r.sourceCurrency,
  base_currency: r.baseCurrency,
  price: trimDecimal(r.price),
  created_at: r.createdAt.toISOString(),
});

/** '3150.250000000000000000' -> '3150.25' */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export function createPlatformRepo(db: Db) {
  return {
    async featureFlags(): Promise<Record<string, boolean>> {
      const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.key));
      return Object.fromEntries(rows.map((r) => [r.key, r.enabled]));
    },

    async setFeatureFlag(key: string, enabled: boolean, at: Date): Promise<void> {
      await db
        .insert(featureFlags)
        .values({ key, enabled, updatedAt: at })
        .onConflictDoUpdate({ target: featureFlags.key, set: { enabled, updatedAt: at } });
    },

    async fxRates(q: {
      source: string;
      base: string;
      newestFirst: boolean;
      limit: number;
      offset: number;
    }): Promise<{ count: number; results: FxRateRow[] }> {
      const where = and(eq(fxRates.sourceCurrency, q.source), eq(fxRates.baseCurrency, q.base));
      const order = q.newestFirst
        ? [desc(fxRates.createdAt), desc(fxRates.id)]
        : [asc(fxRates.createdAt), asc(fxRates.id)];
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(fxRates)
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(fxRates).where(where),
      ]);
      return { count: total[0]?.n ?? 0, results: rows.map(toFxRate) };
    },

    async addFxRate(source: string, base: string, price: string, at: Date): Promise<FxRateRow> {
      const [row] = await db
        .insert(fxRates)
        .values({ sourceCurrency: source, baseCurrency: base, price, createdAt: at })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toFxRate(row);
    },
  };
}

export type PlatformRepo = ReturnType<typeof createPlatformRepo>;
