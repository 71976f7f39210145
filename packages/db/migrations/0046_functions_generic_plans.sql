-- Written by `npm run db:functions` from packages/db/src/sql/functions/ (edit those, not this).
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_catalog_tokens()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_apply_token_changes(ARRAY(
      SELECT (token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at)::catalog_token_change
        FROM old_rows), '{}', TG_OP);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM catalog_apply_token_changes('{}', ARRAY(
      SELECT (token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at)::catalog_token_change
        FROM new_rows), TG_OP);
  ELSE
    -- Likes and owners move neither collection nor nifty stats: only rows whose stats columns changed
    -- are passed on. Changed rows by EXCEPT (hashed), never a join of the transition tables: that join
    -- went quadratic on statements of many thousand rows.
    PERFORM catalog_apply_token_changes(
      ARRAY(SELECT (d.token_row_id, d.collection_id, d.nifty_id, d.list_price_cents, d.listed_at, d.last_sale_at)::catalog_token_change
              FROM (SELECT token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at FROM old_rows
                    EXCEPT SELECT token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at FROM new_rows) d),
      ARRAY(SELECT (d.token_row_id, d.collection_id, d.nifty_id, d.list_price_cents, d.listed_at, d.last_sale_at)::catalog_token_change
              FROM (SELECT token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at FROM new_rows
                    EXCEPT SELECT token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at FROM old_rows) d),
      TG_OP);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collection_creators()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE ids integer[];
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT collection_id FROM old_rows);
  ELSE
    ids := ARRAY(SELECT DISTINCT collection_id FROM new_rows);
  END IF;
  PERFORM search_refresh_collections(ids);
  PERFORM search_refresh_products(ARRAY(SELECT id FROM nifties WHERE collection_id IN (SELECT unnest(ids))));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collection_creators_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_collection_creators(ARRAY(SELECT DISTINCT collection_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_refresh_collection_creators(ARRAY(
      SELECT collection_id FROM old_rows UNION SELECT collection_id FROM new_rows));
  ELSE
    PERFORM catalog_refresh_collection_creators(ARRAY(SELECT DISTINCT collection_id FROM new_rows));
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collections()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE index_name = 'collections' AND ref_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_collections(ARRAY(SELECT id FROM new_rows));
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM catalog_refresh_collections(ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collections_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(
    SELECT n.id FROM nifties n WHERE n.collection_id IN (SELECT collection_id FROM new_rows)));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collections_row_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(
    SELECT n.id FROM nifties n WHERE n.collection_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_drops()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  PERFORM catalog_refresh_collections(ARRAY(
    SELECT c.id FROM collections c
     WHERE c.drop_id IN (
       SELECT id FROM (
         SELECT id, drop_status, start_at, end_at FROM new_rows
         EXCEPT SELECT id, drop_status, start_at, end_at FROM old_rows) d)));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_favorite_nifties()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  -- The tokens are locked in id order first: an UPDATE ... FROM takes its rows in plan order, and two
  -- statements over overlapping tokens could otherwise each hold a row the other waits for (seen as a
  -- deadlock when many people took back many likes at once).
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM tokens t WHERE t.id IN (SELECT token_row_id FROM new_rows) ORDER BY t.id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM tokens t WHERE t.id IN (SELECT token_row_id FROM old_rows) ORDER BY t.id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE tokens t SET likes_count = t.likes_count + d.n
      FROM (SELECT token_row_id, count(*)::int AS n FROM new_rows WHERE token_row_id IS NOT NULL GROUP BY 1) d
     WHERE t.id = d.token_row_id;
  ELSE
    UPDATE tokens t SET likes_count = greatest(0, t.likes_count - d.n)
      FROM (SELECT token_row_id, count(*)::int AS n FROM old_rows WHERE token_row_id IS NOT NULL GROUP BY 1) d
     WHERE t.id = d.token_row_id;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_nifties()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE index_name = 'products' AND ref_id IN (SELECT id FROM old_rows);
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT DISTINCT collection_id FROM old_rows));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_products(ARRAY(SELECT id FROM new_rows));
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT DISTINCT collection_id FROM new_rows));
  ELSE
    PERFORM search_refresh_products(ARRAY(SELECT id FROM new_rows));
    PERFORM catalog_refresh_tokens(ARRAY(SELECT t.id FROM tokens t WHERE t.nifty_id IN (SELECT id FROM new_rows)));
    PERFORM catalog_refresh_collection_stats(ARRAY(
      SELECT collection_id FROM new_rows UNION SELECT collection_id FROM old_rows));
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_nifties_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_nifty_stats_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(SELECT nifty_id FROM new_rows));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_publishers()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE renamed integer[];
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE index_name = 'publishers' AND ref_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_publishers(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM search_refresh_publishers(ARRAY(
      SELECT id FROM (
        SELECT id, name, slug, verified, curated FROM new_rows
        EXCEPT SELECT id, name, slug, verified, curated FROM old_rows) d));
    renamed := ARRAY(SELECT id FROM (SELECT id, name FROM new_rows EXCEPT SELECT id, name FROM old_rows) d);
    IF cardinality(renamed) > 0 THEN
      PERFORM search_refresh_collections(ARRAY(SELECT id FROM collections WHERE publisher_id IN (SELECT unnest(renamed))));
      PERFORM search_refresh_products(ARRAY(
        SELECT n.id FROM nifties n JOIN collections c ON c.id = n.collection_id WHERE c.publisher_id IN (SELECT unnest(renamed))));
    END IF;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_publishers_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(
    SELECT n.id FROM nifties n JOIN collections c ON c.id = n.collection_id
     WHERE c.publisher_id IN (SELECT id FROM (SELECT id, name, slug, profile_pic_url FROM new_rows
                                              EXCEPT SELECT id, name, slug, profile_pic_url FROM old_rows) d)));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_social()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_token_refs()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_tokens(ARRAY(SELECT DISTINCT token_row_id FROM old_rows));
  ELSE
    PERFORM catalog_refresh_tokens(ARRAY(SELECT DISTINCT token_row_id FROM new_rows));
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_tokens()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  PERFORM catalog_refresh_tokens(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_users()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE renamed integer[];
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE index_name = 'users' AND ref_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_users(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM search_refresh_users(ARRAY(
      SELECT id FROM (
        SELECT id, name, profile_url, creator, verified FROM new_rows
        EXCEPT SELECT id, name, profile_url, creator, verified FROM old_rows) d));
    renamed := ARRAY(SELECT id FROM (SELECT id, name FROM new_rows EXCEPT SELECT id, name FROM old_rows) d);
    IF cardinality(renamed) > 0 THEN
      PERFORM search_refresh_collections(ARRAY(
        SELECT DISTINCT collection_id FROM collection_creators WHERE user_id IN (SELECT unnest(renamed))));
      PERFORM search_refresh_products(ARRAY(
        SELECT n.id FROM nifties n
         WHERE n.collection_id IN (SELECT collection_id FROM collection_creators WHERE user_id IN (SELECT unnest(renamed)))));
    END IF;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_users_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_collection_creators(ARRAY(
    SELECT DISTINCT cc.collection_id FROM collection_creators cc
     WHERE cc.user_id IN (
       SELECT id FROM (SELECT id, name, profile_url, profile_pic_url FROM new_rows
                       EXCEPT SELECT id, name, profile_url, profile_pic_url FROM old_rows) d)));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_collection_creators(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO catalog_collection_creators AS ccr (collection_id, creators)
  SELECT c.id, coalesce((
           SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'profileUrl', u.profile_url,
                                             'profilePicUrl', u.profile_pic_url) ORDER BY cc.position, cc.user_id)
             FROM collection_creators cc JOIN users u ON u.id = cc.user_id
            WHERE cc.collection_id = c.id), '[]'::json)
    FROM collections c
   WHERE c.id IN (SELECT unnest(ids))
  ON CONFLICT (collection_id) DO UPDATE SET creators = excluded.creators;
END $function$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_collections(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM search_refresh_collections(ids);
  PERFORM search_refresh_products(ARRAY(SELECT id FROM nifties WHERE collection_id IN (SELECT unnest(ids))));
  PERFORM catalog_refresh_tokens(ARRAY(
    SELECT t.id FROM tokens t JOIN nifties n ON n.id = t.nifty_id WHERE n.collection_id IN (SELECT unnest(ids))));
  PERFORM catalog_refresh_collection_stats(ids);
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_nifty_cards(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO catalog_nifty_cards AS nc (nifty_id, card, version)
  SELECT n.id, json_build_object(
           'nifty_id', n.id, 'type_number', n.type_number, 'nifty_type', n.nifty_type, 'title', n.title,
           'asset_url', n.asset_url, 'asset_type', n.asset_type, 'sale_type', n.sale_type, 'tags', n.tags,
           'edition_size', n.edition_size, 'total_sold', n.total_sold, 'total_reserved', n.total_reserved,
           'start_at', coalesce(n.start_at, c.start_at), 'end_at', coalesce(n.end_at, c.end_at),
           'collection_id', c.id, 'collection_slug', c.slug, 'collection_name', c.name, 'chain', c.chain,
           'category', c.category, 'publisher_name', pb.name, 'publisher_slug', pb.slug,
           'publisher_pic', pb.profile_pic_url, 'minted', ns.minted_count, 'floor', ns.floor_price_cents,
           'last_minted_at', ns.last_minted_at, 'creators', coalesce(ccr.creators, '[]'::json)),
         nextval('catalog_nifty_card_version_seq')
    FROM nifties n
    JOIN collections c ON c.id = n.collection_id
    JOIN publishers pb ON pb.id = c.publisher_id
    LEFT JOIN catalog_nifty_stats ns ON ns.nifty_id = n.id
    LEFT JOIN catalog_collection_creators ccr ON ccr.collection_id = c.id
   WHERE n.id IN (SELECT unnest(ids))
  ON CONFLICT (nifty_id) DO UPDATE SET card = excluded.card, version = excluded.version;
END $function$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_tokens(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM catalog_tokens ct
   WHERE ct.token_row_id IN (SELECT unnest(ids))
     AND NOT EXISTS (
       SELECT 1 FROM tokens t
         JOIN nifties n ON n.id = t.nifty_id
         JOIN collections c ON c.id = n.collection_id
         LEFT JOIN drops d ON d.id = c.drop_id
        WHERE t.id = ct.token_row_id AND (c.drop_id IS NULL OR d.drop_status = 'published'));
  INSERT INTO catalog_tokens AS ct (
      token_row_id, nifty_id, collection_id, publisher_id, contract_address, token_id, edition_number,
      owner_id, category, tags, edition_size, sale_type, start_at, end_at, listing_id, list_price_cents,
      listed_at, last_sale_cents, last_sale_at, likes, rarity, mass)
  SELECT t.id, n.id, c.id, c.publisher_id, lower(t.contract_address), t.token_id, t.edition_number,
         t.owner_id, c.category, n.tags, n.edition_size, n.sale_type,
         coalesce(n.start_at, d.start_at, c.start_at, '-infinity'::timestamptz),
         coalesce(n.end_at, d.end_at, c.end_at, 'infinity'::timestamptz),
         l.id, l.price_in_cents, l.created_at, t.last_sale_in_cents, t.last_sale_at, t.likes_count,
         t.rarity, tt.mass
    FROM tokens t
    JOIN nifties n ON n.id = t.nifty_id
    JOIN collections c ON c.id = n.collection_id
    LEFT JOIN drops d ON d.id = c.drop_id
    LEFT JOIN listings l ON l.token_row_id = t.id AND l.status = 'active'
    LEFT JOIN token_traits tt ON tt.token_row_id = t.id
   WHERE t.id IN (SELECT unnest(ids)) AND (c.drop_id IS NULL OR d.drop_status = 'published')
  ON CONFLICT (token_row_id) DO UPDATE SET
      nifty_id = excluded.nifty_id, collection_id = excluded.collection_id,
      publisher_id = excluded.publisher_id, contract_address = excluded.contract_address,
      token_id = excluded.token_id, edition_number = excluded.edition_number, owner_id = excluded.owner_id,
      category = excluded.category, tags = excluded.tags, edition_size = excluded.edition_size,
      sale_type = excluded.sale_type, start_at = excluded.start_at, end_at = excluded.end_at,
      listing_id = excluded.listing_id, list_price_cents = excluded.list_price_cents,
      listed_at = excluded.listed_at, last_sale_cents = excluded.last_sale_cents,
      last_sale_at = excluded.last_sale_at, likes = excluded.likes, rarity = excluded.rarity,
      mass = excluded.mass
    WHERE (ct.nifty_id, ct.collection_id, ct.publisher_id, ct.contract_address, ct.token_id,
           ct.edition_number, ct.owner_id, ct.category, ct.tags, ct.edition_size, ct.sale_type,
           ct.start_at, ct.end_at, ct.listing_id, ct.list_price_cents, ct.listed_at, ct.last_sale_cents,
           ct.last_sale_at, ct.likes, ct.rarity, ct.mass)
      IS DISTINCT FROM
          (excluded.nifty_id, excluded.collection_id, excluded.publisher_id, excluded.contract_address,
           excluded.token_id, excluded.edition_number, excluded.owner_id, excluded.category, excluded.tags,
           excluded.edition_size, excluded.sale_type, excluded.start_at, excluded.end_at,
           excluded.listing_id, excluded.list_price_cents, excluded.listed_at, excluded.last_sale_cents,
           excluded.last_sale_at, excluded.likes, excluded.rarity, excluded.mass);
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  unbalanced text;
BEGIN
  -- Deferred to commit: every ledger transaction's entries sum to zero in each currency (decision 009).
  SELECT currency INTO unbalanced FROM ledger_entries
   WHERE transaction_id = NEW.transaction_id
   GROUP BY currency HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.transaction_id, unbalanced
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_not_negative()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  total bigint;
BEGIN
  -- Deferred to commit, after a debit of a user's account: the account's entries never sum below zero
  -- (decision 022). The debit's own check (the account locked, then its sum read) decides; this is the
  -- store's safety net for a writer that forgot it. House accounts are not summed here (the platform's
  -- revenue holds an entry for every sale): only a refund debits them, of what the sale credited them.
  IF NOT EXISTS (SELECT 1 FROM ledger_accounts a
                  WHERE a.id = NEW.account_id AND a.kind = 'user' AND NOT a.may_go_negative) THEN
    RETURN NULL;
  END IF;
  -- The account's row first, as a debit's `lock` takes it: a writer that skipped the lock waits here for
  -- another debit of the account to commit, and the sum below (a statement of its own) then counts it.
  PERFORM 1 FROM ledger_accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
  SELECT sum(e.amount_cents) INTO total FROM ledger_entries e WHERE e.account_id = NEW.account_id;
  IF total < 0 THEN
    RAISE EXCEPTION 'ledger account % would go below zero (%)', NEW.account_id, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_collections(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'collections' AND sd.ref_id IN (SELECT unnest(ids))
     AND NOT EXISTS (
       SELECT 1 FROM collections c LEFT JOIN drops d ON d.id = c.drop_id
        WHERE c.id = sd.ref_id AND (c.drop_id IS NULL OR d.drop_status = 'published'));
  PERFORM search_upsert('collections', c.id, vitrine_fold(c.name),
           vitrine_fold(concat_ws(' ', c.name, c.slug, cr.names, p.name)), 0::real,
           c.publisher_id, c.id, c.category, NULL, NULL, NULL, c.start_at, c.end_at)
    FROM collections c
    JOIN publishers p ON p.id = c.publisher_id
    LEFT JOIN drops d ON d.id = c.drop_id
    LEFT JOIN LATERAL (
      SELECT string_agg(u.name, ' ' ORDER BY cc.position) AS names
        FROM collection_creators cc JOIN users u ON u.id = cc.user_id
       WHERE cc.collection_id = c.id) cr ON true
   WHERE c.id IN (SELECT unnest(ids)) AND (c.drop_id IS NULL OR d.drop_status = 'published');
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_products(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'products' AND sd.ref_id IN (SELECT unnest(ids))
     AND NOT EXISTS (
       SELECT 1 FROM nifties n
         JOIN collections c ON c.id = n.collection_id
         LEFT JOIN drops d ON d.id = c.drop_id
        WHERE n.id = sd.ref_id AND (c.drop_id IS NULL OR d.drop_status = 'published'));
  PERFORM search_upsert('products', n.id, vitrine_fold(n.title),
           vitrine_fold(concat_ws(' ', n.title, c.name, cr.names, p.name)), 0::real,
           c.publisher_id, c.id, c.category, NULL, NULL, NULL,
           coalesce(n.start_at, c.start_at), coalesce(n.end_at, c.end_at))
    FROM nifties n
    JOIN collections c ON c.id = n.collection_id
    JOIN publishers p ON p.id = c.publisher_id
    LEFT JOIN drops d ON d.id = c.drop_id
    LEFT JOIN LATERAL (
      SELECT string_agg(u.name, ' ' ORDER BY cc.position) AS names
        FROM collection_creators cc JOIN users u ON u.id = cc.user_id
       WHERE cc.collection_id = c.id) cr ON true
   WHERE n.id IN (SELECT unnest(ids)) AND (c.drop_id IS NULL OR d.drop_status = 'published');
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_publishers(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'publishers' AND sd.ref_id IN (SELECT unnest(ids))
     AND NOT EXISTS (SELECT 1 FROM publishers p WHERE p.id = sd.ref_id);
  PERFORM search_upsert('publishers', p.id, vitrine_fold(p.name), vitrine_fold(p.name || ' ' || p.slug),
           ((CASE WHEN p.verified THEN 0.05 ELSE 0 END) + (CASE WHEN p.curated THEN 0.05 ELSE 0 END))::real,
           p.id, NULL, NULL, NULL, p.verified, p.curated, NULL, NULL)
    FROM publishers p WHERE p.id IN (SELECT unnest(ids));
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_users(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'users' AND sd.ref_id IN (SELECT unnest(ids))
     AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = sd.ref_id);
  PERFORM search_upsert('users', u.id, vitrine_fold(coalesce(nullif(u.name, ''), u.profile_url)),
           vitrine_fold(u.name || ' ' || u.profile_url),
           ((CASE WHEN u.creator THEN 0.05 ELSE 0 END) + (CASE WHEN u.verified THEN 0.05 ELSE 0 END))::real,
           NULL, NULL, NULL, u.creator, u.verified, NULL, NULL, NULL)
    FROM users u WHERE u.id IN (SELECT unnest(ids));
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trading_on_token_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  -- A listing stops being buyable in the transaction that moves its token (decision 009): whoever
  -- moves a token, the listings of its previous owner close here.
  UPDATE listings SET status = 'cancelled', closed_at = now(), updated_at = now()
   WHERE token_row_id = NEW.id AND status = 'active' AND seller_id IS DISTINCT FROM NEW.owner_id;
  RETURN NULL;
END $function$;
