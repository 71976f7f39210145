-- Read models of browsing and search (docs/decisions/004-catalog-api.md §7), kept in step with every
-- write by statement-level triggers inside the writing transaction:
--   catalog_tokens            <- tokens, listings, token_traits, nifties, collections, drops
--   catalog_collection_stats  <- catalog_tokens, nifties, collections, drops
--   catalog_nifty_stats       <- catalog_tokens, nifties
--   search_documents          <- users, publishers, collections, collection_creators, nifties, drops
--   tokens.likes_count        <- favorite_nifties (token saves are likes)
-- A collection is visible when it has no drop or its drop is published; invisible rows are removed.

-- Folds text for search: lowercase, common Latin accents removed, punctuation and spaces collapsed
-- to one space. normalizeSearchText in @vitrine/domain folds queries the same way.
CREATE OR REPLACE FUNCTION vitrine_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    translate(lower(coalesce(input, '')),
      'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźż',
      'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'),
    '[[:space:][:punct:]’‘“”«»–—…·]+', ' ', 'g'))
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION catalog_refresh_tokens(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM catalog_tokens ct
   WHERE ct.token_row_id = ANY(ids)
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
   WHERE t.id = ANY(ids) AND (c.drop_id IS NULL OR d.drop_status = 'published')
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
   WHERE s.collection_id = ANY(ids)
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
   WHERE c.id = ANY(ids) AND (c.drop_id IS NULL OR d.drop_status = 'published')
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
   WHERE n.id = ANY(ids)
   GROUP BY n.id
  ON CONFLICT (nifty_id) DO UPDATE SET
      minted_count = excluded.minted_count, listed_count = excluded.listed_count,
      floor_price_cents = excluded.floor_price_cents
    WHERE (s.minted_count, s.listed_count, s.floor_price_cents)
      IS DISTINCT FROM (excluded.minted_count, excluded.listed_count, excluded.floor_price_cents);
END $$;
--> statement-breakpoint

-- ---- search documents ----

CREATE OR REPLACE FUNCTION search_upsert(
  p_index text, p_ref integer, p_name text, p_body text, p_boost real, p_publisher integer,
  p_collection integer, p_category text, p_creator boolean, p_verified boolean, p_curated boolean,
  p_start timestamptz, p_end timestamptz) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_documents AS sd (index_name, ref_id, name, body, boost, publisher_id, collection_id,
      category, creator, verified, curated, start_at, end_at)
  VALUES (p_index, p_ref, p_name, p_body, p_boost, p_publisher, p_collection, p_category, p_creator,
      p_verified, p_curated, p_start, p_end)
  ON CONFLICT (index_name, ref_id) DO UPDATE SET
      name = excluded.name, body = excluded.body, boost = excluded.boost,
      publisher_id = excluded.publisher_id, collection_id = excluded.collection_id,
      category = excluded.category, creator = excluded.creator, verified = excluded.verified,
      curated = excluded.curated, start_at = excluded.start_at, end_at = excluded.end_at
    WHERE (sd.name, sd.body, sd.boost, sd.publisher_id, sd.collection_id, sd.category, sd.creator,
           sd.verified, sd.curated, sd.start_at, sd.end_at)
      IS DISTINCT FROM
          (excluded.name, excluded.body, excluded.boost, excluded.publisher_id, excluded.collection_id,
           excluded.category, excluded.creator, excluded.verified, excluded.curated, excluded.start_at,
           excluded.end_at)
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_refresh_users(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'users' AND sd.ref_id = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = sd.ref_id);
  PERFORM search_upsert('users', u.id, vitrine_fold(coalesce(nullif(u.name, ''), u.profile_url)),
           vitrine_fold(u.name || ' ' || u.profile_url),
           ((CASE WHEN u.creator THEN 0.05 ELSE 0 END) + (CASE WHEN u.verified THEN 0.05 ELSE 0 END))::real,
           NULL, NULL, NULL, u.creator, u.verified, NULL, NULL, NULL)
    FROM users u WHERE u.id = ANY(ids);
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_refresh_publishers(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'publishers' AND sd.ref_id = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM publishers p WHERE p.id = sd.ref_id);
  PERFORM search_upsert('publishers', p.id, vitrine_fold(p.name), vitrine_fold(p.name || ' ' || p.slug),
           ((CASE WHEN p.verified THEN 0.05 ELSE 0 END) + (CASE WHEN p.curated THEN 0.05 ELSE 0 END))::real,
           p.id, NULL, NULL, NULL, p.verified, p.curated, NULL, NULL)
    FROM publishers p WHERE p.id = ANY(ids);
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_refresh_collections(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'collections' AND sd.ref_id = ANY(ids)
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
   WHERE c.id = ANY(ids) AND (c.drop_id IS NULL OR d.drop_status = 'published');
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_refresh_products(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'products' AND sd.ref_id = ANY(ids)
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
   WHERE n.id = ANY(ids) AND (c.drop_id IS NULL OR d.drop_status = 'published');
END $$;
--> statement-breakpoint

-- Collections and their products, e.g. after a rename, a creator change or a drop publishing.
CREATE OR REPLACE FUNCTION catalog_refresh_collections(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM search_refresh_collections(ids);
  PERFORM search_refresh_products(ARRAY(SELECT id FROM nifties WHERE collection_id = ANY(ids)));
  PERFORM catalog_refresh_tokens(ARRAY(
    SELECT t.id FROM tokens t JOIN nifties n ON n.id = t.nifty_id WHERE n.collection_id = ANY(ids)));
  PERFORM catalog_refresh_collection_stats(ids);
END $$;
--> statement-breakpoint

-- ---- trigger functions (transition tables: new_rows, old_rows) ----

CREATE OR REPLACE FUNCTION catalog_on_tokens() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_tokens(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION catalog_on_token_refs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT DISTINCT collection_id FROM old_rows));
    PERFORM catalog_refresh_nifty_stats(ARRAY(SELECT DISTINCT nifty_id FROM old_rows));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT DISTINCT collection_id FROM new_rows));
    PERFORM catalog_refresh_nifty_stats(ARRAY(SELECT DISTINCT nifty_id FROM new_rows));
  ELSE
    -- Likes and owners move neither collection nor nifty stats.
    PERFORM catalog_refresh_collection_stats(ARRAY(
      SELECT DISTINCT n.collection_id FROM new_rows n JOIN old_rows o USING (token_row_id)
       WHERE (n.list_price_cents, n.listed_at, n.last_sale_at, n.collection_id)
             IS DISTINCT FROM (o.list_price_cents, o.listed_at, o.last_sale_at, o.collection_id)));
    PERFORM catalog_refresh_nifty_stats(ARRAY(
      SELECT n.nifty_id FROM new_rows n JOIN old_rows o USING (token_row_id)
       WHERE (n.list_price_cents, n.nifty_id) IS DISTINCT FROM (o.list_price_cents, o.nifty_id)
      UNION SELECT o.nifty_id FROM new_rows n JOIN old_rows o USING (token_row_id) WHERE n.nifty_id <> o.nifty_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION catalog_on_nifties() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
  PERFORM catalog_refresh_collections(ARRAY(
    SELECT c.id FROM collections c
     WHERE c.drop_id IN (
       SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
        WHERE (n.drop_status, n.start_at, n.end_at) IS DISTINCT FROM (o.drop_status, o.start_at, o.end_at))));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION catalog_on_collection_creators() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT collection_id FROM old_rows);
  ELSE
    ids := ARRAY(SELECT DISTINCT collection_id FROM new_rows);
  END IF;
  PERFORM search_refresh_collections(ids);
  PERFORM search_refresh_products(ARRAY(SELECT id FROM nifties WHERE collection_id = ANY(ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION catalog_on_users() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE renamed integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE index_name = 'users' AND ref_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_users(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM search_refresh_users(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
       WHERE (n.name, n.profile_url, n.creator, n.verified) IS DISTINCT FROM (o.name, o.profile_url, o.creator, o.verified)));
    renamed := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o USING (id) WHERE n.name IS DISTINCT FROM o.name);
    IF cardinality(renamed) > 0 THEN
      PERFORM search_refresh_collections(ARRAY(
        SELECT DISTINCT collection_id FROM collection_creators WHERE user_id = ANY(renamed)));
      PERFORM search_refresh_products(ARRAY(
        SELECT n.id FROM nifties n
         WHERE n.collection_id IN (SELECT collection_id FROM collection_creators WHERE user_id = ANY(renamed))));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION catalog_on_publishers() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE renamed integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE index_name = 'publishers' AND ref_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_publishers(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM search_refresh_publishers(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
       WHERE (n.name, n.slug, n.verified, n.curated) IS DISTINCT FROM (o.name, o.slug, o.verified, o.curated)));
    renamed := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o USING (id) WHERE n.name IS DISTINCT FROM o.name);
    IF cardinality(renamed) > 0 THEN
      PERFORM search_refresh_collections(ARRAY(SELECT id FROM collections WHERE publisher_id = ANY(renamed)));
      PERFORM search_refresh_products(ARRAY(
        SELECT n.id FROM nifties n JOIN collections c ON c.id = n.collection_id WHERE c.publisher_id = ANY(renamed)));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A token save is a like: tokens.likes_count moves with favorite_nifties rows.
CREATE OR REPLACE FUNCTION catalog_on_favorite_nifties() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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

CREATE TRIGGER tokens_catalog_ins AFTER INSERT ON tokens REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_tokens();
--> statement-breakpoint
CREATE TRIGGER tokens_catalog_upd AFTER UPDATE ON tokens REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_tokens();
--> statement-breakpoint
CREATE TRIGGER listings_catalog_ins AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_token_refs();
--> statement-breakpoint
CREATE TRIGGER listings_catalog_upd AFTER UPDATE ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_token_refs();
--> statement-breakpoint
CREATE TRIGGER listings_catalog_del AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_token_refs();
--> statement-breakpoint
CREATE TRIGGER token_traits_catalog_ins AFTER INSERT ON token_traits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_token_refs();
--> statement-breakpoint
CREATE TRIGGER token_traits_catalog_upd AFTER UPDATE ON token_traits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_token_refs();
--> statement-breakpoint
CREATE TRIGGER token_traits_catalog_del AFTER DELETE ON token_traits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_token_refs();
--> statement-breakpoint
CREATE TRIGGER catalog_tokens_stats_ins AFTER INSERT ON catalog_tokens REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_catalog_tokens();
--> statement-breakpoint
CREATE TRIGGER catalog_tokens_stats_upd AFTER UPDATE ON catalog_tokens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_catalog_tokens();
--> statement-breakpoint
CREATE TRIGGER catalog_tokens_stats_del AFTER DELETE ON catalog_tokens REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_catalog_tokens();
--> statement-breakpoint
CREATE TRIGGER nifties_catalog_ins AFTER INSERT ON nifties REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_nifties();
--> statement-breakpoint
CREATE TRIGGER nifties_catalog_upd AFTER UPDATE ON nifties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_nifties();
--> statement-breakpoint
CREATE TRIGGER nifties_catalog_del AFTER DELETE ON nifties REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_nifties();
--> statement-breakpoint
CREATE TRIGGER collections_catalog_ins AFTER INSERT ON collections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collections();
--> statement-breakpoint
CREATE TRIGGER collections_catalog_upd AFTER UPDATE ON collections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collections();
--> statement-breakpoint
CREATE TRIGGER collections_catalog_del AFTER DELETE ON collections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collections();
--> statement-breakpoint
CREATE TRIGGER drops_catalog_upd AFTER UPDATE ON drops
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_drops();
--> statement-breakpoint
CREATE TRIGGER collection_creators_catalog_ins AFTER INSERT ON collection_creators
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collection_creators();
--> statement-breakpoint
CREATE TRIGGER collection_creators_catalog_upd AFTER UPDATE ON collection_creators
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collection_creators();
--> statement-breakpoint
CREATE TRIGGER collection_creators_catalog_del AFTER DELETE ON collection_creators
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collection_creators();
--> statement-breakpoint
CREATE TRIGGER users_search_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_users();
--> statement-breakpoint
CREATE TRIGGER users_search_upd AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_users();
--> statement-breakpoint
CREATE TRIGGER users_search_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_users();
--> statement-breakpoint
CREATE TRIGGER publishers_search_ins AFTER INSERT ON publishers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_publishers();
--> statement-breakpoint
CREATE TRIGGER publishers_search_upd AFTER UPDATE ON publishers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_publishers();
--> statement-breakpoint
CREATE TRIGGER publishers_search_del AFTER DELETE ON publishers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_publishers();
--> statement-breakpoint
CREATE TRIGGER favorite_nifties_likes_ins AFTER INSERT ON favorite_nifties REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_favorite_nifties();
--> statement-breakpoint
CREATE TRIGGER favorite_nifties_likes_del AFTER DELETE ON favorite_nifties REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_favorite_nifties();
--> statement-breakpoint

-- Stores that already hold data (seeded before this migration) get their read models now.
SELECT search_refresh_users(ARRAY(SELECT id FROM users));
--> statement-breakpoint
SELECT search_refresh_publishers(ARRAY(SELECT id FROM publishers));
--> statement-breakpoint
SELECT catalog_refresh_collections(ARRAY(SELECT id FROM collections));
--> statement-breakpoint
SELECT catalog_refresh_nifty_stats(ARRAY(SELECT DISTINCT nifty_id FROM catalog_tokens));
