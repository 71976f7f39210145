// What a card shows of a blind edition (decision 016 "Blind editions"): the nifty's own (sealed) artwork
// until `nifties.revealed_at` is set by the reveal, then the revealed artwork. A token card shows its own
// edition's artwork (`tokens.revealed_asset_url`); a card of the nifty itself (collection page, drop page,
// search) shows the first artwork of its pool (lowest pool id). Nothing here reads the pool's artworks of a
// nifty not yet revealed, so no answer carries the hidden art before the reveal.
import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL for the image of a nifty's card: the first pooled artwork once revealed, else its own asset.
 * `niftyId`, `revealedAt`, `assetUrl` are the caller's columns (qualified as its statement names them).
 */
export function niftyCardAssetSql(niftyId: SQL, revealedAt: SQL, assetUrl: SQL): SQL<string> {
  return sql<string>`coalesce(case when ${revealedAt} is not null then (select ep.asset_url from edition_pools ep
    where ep.nifty_id = ${niftyId} and ep.asset_url is not null order by ep.id limit 1) end, ${assetUrl})`;
}

/** SQL for the image of a token's card: its revealed artwork once its nifty is revealed, else the nifty's. */
export function tokenCardAssetSql(revealedAssetUrl: SQL, niftyRevealedAt: SQL, assetUrl: SQL): SQL<string> {
  return sql<string>`coalesce(case when ${niftyRevealedAt} is not null then ${revealedAssetUrl} end, ${assetUrl})`;
}
