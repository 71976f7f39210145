CREATE OR REPLACE FUNCTION catalog_refresh_collection_stats(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM catalog_collection_stats s
   WHERE s.collection_id IN (SELECT unnest(ids))
     AND NOT EXISTS (
       SELECT 1 FROM collections c LEFT JOIN drops d ON d.id = c.drop_id
        WHERE c.id = s.collection_id AND (c.drop_id IS NULL OR d.drop_status = 'published'));
  INSERT INTO catalog_collection_stats AS s (
      collection_id, floor_price_cents, listed_count, minted_count, last_sale_at, last_listed_at,
      max_edition_size, has_auction, min_nifty_price_cents)
  SELECT c.id, a.floor, a.listed, a.minted, a.last_sale, a.last_listed,
         coalesce(nn.max_size, 0), coalesce(nn.has_auction, false), nn.min_price
    FROM collections c
    LEFT JOIN drops d ON d.id = c.drop_id
    CROSS JOIN LATERAL (
      SELECT min(list_price_cents) AS floor, count(list_price_cents)::int AS listed, count(*)::int AS minted,
             max(last_sale_at) AS last_sale, max(listed_at) AS last_listed
        FROM catalog_tokens WHERE collection_id = c.id) a
    CROSS JOIN LATERAL (
      SELECT max(edition_size) AS max_size,
             bool_or(is_auction) AS has_auction,
             min(CASE WHEN price_currency = 'USD' THEN price_amount END)::bigint AS min_price
        FROM nifties WHERE collection_id = c.id) nn
   WHERE c.id IN (SELECT unnest(ids)) AND (c.drop_id IS NULL OR d.drop_status = 'published')
  ON CONFLICT (collection_id) DO UPDATE SET
      floor_price_cents = excluded.floor_price_cents, listed_count = excluded.listed_count,
      minted_count = excluded.minted_count, last_sale_at = excluded.last_sale_at,
      last_listed_at = excluded.last_listed_at, max_edition_size = excluded.max_edition_size,
      has_auction = excluded.has_auction, min_nifty_price_cents = excluded.min_nifty_price_cents
    WHERE (s.floor_price_cents, s.listed_count, s.minted_count, s.last_sale_at, s.last_listed_at,
           s.max_edition_size, s.has_auction, s.min_nifty_price_cents)
      IS DISTINCT FROM
          (excluded.floor_price_cents, excluded.listed_count, excluded.minted_count, excluded.last_sale_at,
           excluded.last_listed_at, excluded.max_edition_size, excluded.has_auction,
           excluded.min_nifty_price_cents);
END $function$;
