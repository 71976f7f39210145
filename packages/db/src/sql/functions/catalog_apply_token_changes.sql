-- Collection and nifty stats follow changed catalog_tokens rows by deltas (docs/decisions/004 §7):
-- `olds` are the rows as they were (deleted or before an update), `news` as they are (inserted or after
-- an update); only rows whose stats columns changed are passed. Counts move by the difference, a floor
-- or latest time moves by least/greatest; only when a row that held the floor (or the latest sale or
-- listing) moved away is that one value looked up again (an index lookup for floors). A stats row the
-- change leaves as it was is not written, so writers of one collection wait on no common row.
CREATE OR REPLACE FUNCTION catalog_apply_token_changes(olds catalog_token_change[], news catalog_token_change[], op text)
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE missing integer[];
BEGIN
  IF cardinality(olds) = 0 AND cardinality(news) = 0 THEN RETURN; END IF;

  WITH x AS (
    SELECT collection_id, 1 AS m, (list_price_cents IS NOT NULL)::int AS l, list_price_cents AS new_price,
           last_sale_at AS new_sale, listed_at AS new_listed, NULL::bigint AS old_price,
           NULL::timestamptz AS old_sale, NULL::timestamptz AS old_listed
      FROM unnest(news)
    UNION ALL
    SELECT collection_id, -1, -(list_price_cents IS NOT NULL)::int, NULL, NULL, NULL,
           list_price_cents, last_sale_at, listed_at
      FROM unnest(olds)),
  d AS (
    SELECT collection_id, sum(m)::int AS d_minted, sum(l)::int AS d_listed, min(new_price) AS new_min,
           max(new_sale) AS new_sale, max(new_listed) AS new_listed, min(old_price) AS old_min,
           max(old_sale) AS old_sale, max(old_listed) AS old_listed
      FROM x GROUP BY collection_id)
  UPDATE catalog_collection_stats s SET
      minted_count = s.minted_count + d.d_minted,
      listed_count = s.listed_count + d.d_listed,
      floor_price_cents = CASE WHEN d.old_min <= s.floor_price_cents
        THEN (SELECT min(ct.list_price_cents) FROM catalog_tokens ct WHERE ct.collection_id = s.collection_id)
        ELSE least(s.floor_price_cents, d.new_min) END,
      last_sale_at = CASE WHEN d.old_sale >= s.last_sale_at
        THEN (SELECT max(ct.last_sale_at) FROM catalog_tokens ct WHERE ct.collection_id = s.collection_id)
        ELSE greatest(s.last_sale_at, d.new_sale) END,
      last_listed_at = CASE WHEN d.old_listed >= s.last_listed_at
        THEN (SELECT max(ct.listed_at) FROM catalog_tokens ct WHERE ct.collection_id = s.collection_id)
        ELSE greatest(s.last_listed_at, d.new_listed) END
    FROM d
   WHERE s.collection_id = d.collection_id
     AND (d.d_minted <> 0 OR d.d_listed <> 0
          OR d.new_min < s.floor_price_cents OR (s.floor_price_cents IS NULL AND d.new_min IS NOT NULL)
          OR d.old_min <= s.floor_price_cents
          OR d.new_sale > s.last_sale_at OR (s.last_sale_at IS NULL AND d.new_sale IS NOT NULL)
          OR d.old_sale >= s.last_sale_at
          OR d.new_listed > s.last_listed_at OR (s.last_listed_at IS NULL AND d.new_listed IS NOT NULL)
          OR d.old_listed >= s.last_listed_at);
  -- A collection with no stats row yet (or any more) is computed whole, or removed when not visible.
  missing := ARRAY(
    SELECT DISTINCT c.collection_id FROM (SELECT collection_id FROM unnest(news) UNION SELECT collection_id FROM unnest(olds)) c
     WHERE NOT EXISTS (SELECT 1 FROM catalog_collection_stats s WHERE s.collection_id = c.collection_id));
  PERFORM catalog_refresh_collection_stats(missing);

  WITH x AS (
    SELECT nifty_id, token_row_id, 1 AS m, (list_price_cents IS NOT NULL)::int AS l,
           list_price_cents AS new_price, NULL::bigint AS old_price
      FROM unnest(news)
    UNION ALL
    SELECT nifty_id, NULL, -1, -(list_price_cents IS NOT NULL)::int, NULL, list_price_cents
      FROM unnest(olds)),
  d AS (
    SELECT nifty_id, sum(m)::int AS d_minted, sum(l)::int AS d_listed, min(new_price) AS new_min,
           min(old_price) AS old_min,
           CASE WHEN op = 'INSERT' THEN (
             SELECT max(t.minted_at) FROM tokens t
              WHERE t.id IN (SELECT y.token_row_id FROM x y WHERE y.nifty_id = x.nifty_id AND y.m = 1)) END AS minted_at
      FROM x GROUP BY nifty_id)
  UPDATE catalog_nifty_stats s SET
      minted_count = s.minted_count + d.d_minted,
      listed_count = s.listed_count + d.d_listed,
      floor_price_cents = CASE WHEN d.old_min <= s.floor_price_cents
        THEN (SELECT min(ct.list_price_cents) FROM catalog_tokens ct WHERE ct.nifty_id = s.nifty_id)
        ELSE least(s.floor_price_cents, d.new_min) END,
      last_minted_at = CASE WHEN op = 'DELETE'
        THEN (SELECT max(t.minted_at) FROM tokens t WHERE t.nifty_id = s.nifty_id)
        ELSE greatest(s.last_minted_at, d.minted_at) END
    FROM d
   WHERE s.nifty_id = d.nifty_id
     AND (d.d_minted <> 0 OR d.d_listed <> 0
          OR d.new_min < s.floor_price_cents OR (s.floor_price_cents IS NULL AND d.new_min IS NOT NULL)
          OR d.old_min <= s.floor_price_cents
          OR d.minted_at > s.last_minted_at OR (s.last_minted_at IS NULL AND d.minted_at IS NOT NULL));
  missing := ARRAY(
    SELECT DISTINCT c.nifty_id FROM (SELECT nifty_id FROM unnest(news) UNION SELECT nifty_id FROM unnest(olds)) c
     WHERE NOT EXISTS (SELECT 1 FROM catalog_nifty_stats s WHERE s.nifty_id = c.nifty_id));
  PERFORM catalog_refresh_nifty_stats(missing);
END $function$;
