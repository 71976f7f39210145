// Participation criteria of the demo (docs/decisions/015-drop-pages-and-eligibility.md), written after the
// catalogue: 'Laundry Room Light' of Field Notes: Interior (a live fcfs drop) sells to buyers on its
// allowlist OR who burnt a Paper Gardens collage. Nobody has burnt one, and the demo collector is not on the
// list, so the collector sees 'Not Eligible to Buy' there; everything else of the drop stays open.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { allowlists, collections, criteriaRules, nifties, participationCriteria } from '../schema';

export const CRITERIA_DEMO = {
  collectionSlug: 'field-notes-interior',
  niftyTitle: 'Laundry Room Light',
  keyCollectionSlug: 'paper-gardens',
  allowlist: { usernames: ['theolindqvist', 'noahwhitfield'], emailAddresses: ['press@northwind.example'] },
};

export async function seedCriteria(db: Db): Promise<{ criteria: number }> {
  const [target] = await db
    .select({ id: nifties.id })
    .from(nifties)
    .innerJoin(collections, eq(collections.id, nifties.collectionId))
    .where(
      and(eq(collections.slug, CRITERIA_DEMO.collectionSlug), eq(nifties.title, CRITERIA_DEMO.niftyTitle)),
    );
  const [key] = await db
    .select({ contractAddress: collections.contractAddress })
    .from(collections)
    .where(sql`lower(${collections.slug}) = ${CRITERIA_DEMO.keyCollectionSlug}`);
  if (!target || !key) return { criteria: 0 };
  const [criteria] = await db
    .insert(participationCriteria)
    .values({ niftyId: target.id, mode: 'any' })
    .returning({ id: participationCriteria.id });
  if (!criteria) return { criteria: 0 };
  await db.insert(criteriaRules).values([
    { criteriaId: criteria.id, position: 0, kind: 'account_list' },
    {
      criteriaId: criteria.id,
      position: 1,
      kind: 'burn_event_contract_restriction',
      count: 1,
      contractAddresses: [key.contractAddress],
    },
  ]);
  await db.insert(allowlists).values({ criteriaId: criteria.id, ...CRITERIA_DEMO.allowlist });
  return { criteria: 1 };
}
