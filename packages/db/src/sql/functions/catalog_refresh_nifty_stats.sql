CREATE OR REPLACE FUNCTION catalog_refresh_nifty_stats(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO catalog_nifty_stats AS s (nifty_id, minted_count, listed_count, floor_price_cents, last_minted_at)
  SELECT n.id, count(ct.token_row_id)::int, count(ct.list_price_cents)::int, min(ct.list_price_cents),
         (SELECT max(t.minted_at) FROM tokens t WHERE t.nifty_id = n.id)
    FROM nifties n LEFT JOIN catalog_tokens ct ON ct.nifty_id = n.id
   WHERE n.id IN (SELECT unnest(ids))
   GROUP BY n.id
  ON CONFLICT (nifty_id) DO UPDATE SET
      minted_count = excluded.minted_count, listed_count = excluded.listed_count,
      floor_price_cents = excluded.floor_price_cents, last_minted_at = excluded.last_minted_at
    WHERE (s.minted_count, s.listed_count, s.floor_price_cents, s.last_minted_at)
      IS DISTINCT FROM (excluded.minted_count, excluded.listed_count, excluded.floor_price_cents,
                        excluded.last_minted_at);
END $function$;
