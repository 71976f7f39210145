// Test helper: a signed-in session for a seeded user, created through the accounts area's own session
// store (docs/decisions/003-accounts-api.md), so the bearer token is valid by its rules.
import { schema } from '@vitrine/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAuthRepo } from '../auth/auth.repo';
import { hashToken, newId, newToken } from '../auth/tokens';

export interface TestSession {
  userId: number;
  token: string;
  headers: { authorization: string };
}

export async function sessionFor(app: FastifyInstance, profileUrl: string): Promise<TestSession> {
  const { db } = app.config.database;
  const [user] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(sql`lower(${schema.users.profileUrl}) = ${profileUrl.toLowerCase()}`);
  if (!user) throw new Error(`no seeded user ${profileUrl}`);
  const token = newToken('vat');
  const at = app.config.clock.now();
  const hour = 60 * 60 * 1000;
  await createAuthRepo(db).createSession({
    id: newId(),
    userId: user.id,
    method: 'password',
    ip: null,
    userAgent: 'test',
    at,
    access: { hash: hashToken(token), expiresAt: new Date(at.getTime() + hour) },
    refresh: { hash: hashToken(newToken('vrt')), expiresAt: new Date(at.getTime() + 24 * hour) },
  });
  return { userId: user.id, token, headers: { authorization: `Bearer ${token}` } };
}
