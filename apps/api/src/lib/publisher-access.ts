// Who may act for a publisher (001 §6 "publisher permissions"): members of its storefront. One question for
// the uploads and the storefront editor: the publisher of this slug, if this user is one of its members.
// Another publisher's slug and an unknown slug answer alike (PUBLISHER_NOT_FOUND_ERROR), so slugs don't leak.
import { type Db, schema } from '@vitrine/db';
import { AppError, ERROR_TYPES } from '@vitrine/domain';
import { and, eq, sql } from 'drizzle-orm';

export interface MemberPublisher {
  id: number;
  slug: string;
}

export const publisherNotFound = () =>
  new AppError({ errorType: ERROR_TYPES.publisherNotFound, message: 'Publisher not found', statusCode: 404 });

export async function findMemberPublisher(
  db: Db,
  slug: string,
  userId: number,
): Promise<MemberPublisher | null> {
  const [row] = await db
    .select({ id: schema.publishers.id, slug: schema.publishers.slug })
    .from(schema.publishers)
    .innerJoin(
      schema.publisherMembers,
      and(
        eq(schema.publisherMembers.publisherId, schema.publishers.id),
        eq(schema.publisherMembers.userId, userId),
      ),
    )
    .where(sql`lower(${schema.publishers.slug}) = lower(${slug})`)
    .limit(1);
  return row ?? null;
}

export async function requireMemberPublisher(db: Db, slug: string, userId: number): Promise<MemberPublisher> {
  const publisher = await findMemberPublisher(db, slug, userId);
  if (!publisher) throw publisherNotFound();
  return publisher;
}
