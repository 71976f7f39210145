-- The catalog version (docs/decisions/004-catalog-api.md §7): every browsing trigger now also advances
-- catalog_version_seq in the writing transaction; the API reuses a cached explore or search answer only
-- while the version it was computed at is still current. The trigger functions of 0004_catalog_triggers
-- are replaced with the same bodies plus the bump; follows and collection saves bump it too. Their
-- change detection now uses EXCEPT instead of joining the transition tables, and every id-set lookup is
-- `IN (SELECT unnest(ids))` instead of `= ANY(ids)`: both went quadratic on statements of many thousand rows.

CREATE OR REPLACE FUNCTION catalog_refresh_tokens(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_collection_stats(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
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
             bool_or(sale_type IN ('auction', 'ranked_auction', 'silent_auction')) AS has_auction,
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_nifty_stats(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO catalog_nifty_stats AS s (nifty_id, minted_count, listed_count, floor_price_cents)
  SELECT n.id, count(ct.token_row_id)::int, count(ct.list_price_cents)::int, min(ct.list_price_cents)
    FROM nifties n LEFT JOIN catalog_tokens ct ON ct.nifty_id = n.id
   WHERE n.id IN (SELECT unnest(ids))
   GROUP BY n.id
  ON CONFLICT (nifty_id) DO UPDATE SET
      minted_count = excluded.minted_count, listed_count = excluded.listed_count,
      floor_price_cents = excluded.floor_price_cents
    WHERE (s.minted_count, s.listed_count, s.floor_price_cents)
      IS DISTINCT FROM (excluded.minted_count, excluded.listed_count, excluded.floor_price_cents);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_users(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_publishers(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'publishers' AND sd.ref_id IN (SELECT unnest(ids))
     AND NOT EXISTS (SELECT 1 FROM publishers p WHERE p.id = sd.ref_id);
  PERFORM search_upsert('publishers', p.id, vitrine_fold(p.name), vitrine_fold(p.name || ' ' || p.slug),
           ((CASE WHEN p.verified THEN 0.05 ELSE 0 END) + (CASE WHEN p.curated THEN 0.05 ELSE 0 END))::real,
           p.id, NULL, NULL, NULL, p.verified, p.curated, NULL, NULL)
    FROM publishers p WHERE p.id IN (SELECT unnest(ids));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_collections(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_products(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_collections(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM search_refresh_collections(ids);
  PERFORM search_refresh_products(ARRAY(SELECT id FROM nifties WHERE collection_id IN (SELECT unnest(ids))));
  PERFORM catalog_refresh_tokens(ARRAY(
    SELECT t.id FROM tokens t JOIN nifties n ON n.id = t.nifty_id WHERE n.collection_id IN (SELECT unnest(ids))));
  PERFORM catalog_refresh_collection_stats(ids);
END $$;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS catalog_version_seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_tokens() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_version_seq');
  PERFORM catalog_refresh_tokens(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_token_refs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_tokens(ARRAY(SELECT DISTINCT token_row_id FROM old_rows));
  ELSE
    PERFORM catalog_refresh_tokens(ARRAY(SELECT DISTINCT token_row_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_catalog_tokens() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT DISTINCT collection_id FROM old_rows));
    PERFORM catalog_refresh_nifty_stats(ARRAY(SELECT DISTINCT nifty_id FROM old_rows));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT DISTINCT collection_id FROM new_rows));
    PERFORM catalog_refresh_nifty_stats(ARRAY(SELECT DISTINCT nifty_id FROM new_rows));
  ELSE
    -- Likes and owners move neither collection nor nifty stats.
    -- Changed rows by EXCEPT (hashed), never a join of the transition tables: that join went quadratic
    -- on statements of many thousand rows.
    PERFORM catalog_refresh_collection_stats(ARRAY(
      SELECT DISTINCT collection_id FROM (
        SELECT token_row_id, collection_id, list_price_cents, listed_at, last_sale_at FROM new_rows
        EXCEPT SELECT token_row_id, collection_id, list_price_cents, listed_at, last_sale_at FROM old_rows) d));
    PERFORM catalog_refresh_nifty_stats(ARRAY(
      SELECT nifty_id FROM (
        SELECT token_row_id, nifty_id, list_price_cents FROM new_rows
        EXCEPT SELECT token_row_id, nifty_id, list_price_cents FROM old_rows) d
      UNION
      SELECT nifty_id FROM (
        SELECT token_row_id, nifty_id FROM old_rows EXCEPT SELECT token_row_id, nifty_id FROM new_rows) e));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_nifties() RETURNS trigger
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collections() RETURNS trigger
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_drops() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_version_seq');
  PERFORM catalog_refresh_collections(ARRAY(
    SELECT c.id FROM collections c
     WHERE c.drop_id IN (
       SELECT id FROM (
         SELECT id, drop_status, start_at, end_at FROM new_rows
         EXCEPT SELECT id, drop_status, start_at, end_at FROM old_rows) d)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collection_creators() RETURNS trigger
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_users() RETURNS trigger
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_publishers() RETURNS trigger
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_favorite_nifties() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_version_seq');
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_social() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_version_seq');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER favorite_collections_version AFTER INSERT OR UPDATE OR DELETE ON favorite_collections
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_social();
--> statement-breakpoint
CREATE TRIGGER publisher_follows_version AFTER INSERT OR UPDATE OR DELETE ON publisher_follows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_social();
--> statement-breakpoint
CREATE TRIGGER contract_follows_version AFTER INSERT OR UPDATE OR DELETE ON contract_follows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_social();
