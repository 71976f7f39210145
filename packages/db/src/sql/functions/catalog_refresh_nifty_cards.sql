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
