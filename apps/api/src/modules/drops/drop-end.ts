// When a drop ends: its scheduled end, or later when a late bid moved one of its auctions' ends (decision 012). A
// drop whose auction still takes bids is live, not past (QA 2026-12-07), in the drop lists and in explore alike.
import { schema } from '@vitrine/db';
import { sql } from 'drizzle-orm';

const { drops } = schema;

/** The drop's end, its auctions' moved ends counted; read as a Date. */
export const dropEndSql = sql<Date>`greatest(${drops.endAt}, (select max(a.ends_at) from auction_states a
  join nifties n on n.id = a.nifty_id join collections c on c.id = n.collection_id where c.drop_id = ${drops.id}))`.mapWith(
  drops.endAt,
);
