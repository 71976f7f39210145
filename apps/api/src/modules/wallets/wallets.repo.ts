import { type Db, schema } from '@vitrine/db';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';

const { walletNonces } = schema;

export interface NonceRow {
  nonce: string;
  address: string;
  message: string;
  domain: string;
  chainId: number;
  expiresAt: Date;
  usedAt: Date | null;
}

export function createWalletsRepo(db: Db) {
  return {
    async insertNonce(n: Omit<NonceRow, 'usedAt'> & { at: Date }): Promise<void> {
      await db
        .delete(walletNonces)
        .where(lt(walletNonces.expiresAt, new Date(n.at.getTime() - 24 * 3600_000)));
      await db.insert(walletNonces).values({
        nonce: n.nonce,
        address: n.address,
        message: n.message,
        domain: n.domain,
        chainId: n.chainId,
        expiresAt: n.expiresAt,
        createdAt: n.at,
      });
    },

    async nonce(nonce: string): Promise<NonceRow | null> {
      const [r] = await db.select().from(walletNonces).where(eq(walletNonces.nonce, nonce)).limit(1);
      return r
        ? {
            nonce: r.nonce,
            address: r.address,
            message: r.message,
            domain: r.domain,
            chainId: r.chainId,
            expiresAt: r.expiresAt,
            usedAt: r.usedAt,
          }
        : null;
    },

    /** Single use: true for exactly one caller, and only before the nonce expires. */
    async claimNonce(nonce: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(walletNonces)
        .set({ usedAt: at })
        .where(
          and(eq(walletNonces.nonce, nonce), isNull(walletNonces.usedAt), gt(walletNonces.expiresAt, at)),
        )
        .returning({ nonce: walletNonces.nonce });
      return rows.length > 0;
    },
  };
}

export type WalletsRepo = ReturnType<typeof createWalletsRepo>;
