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
