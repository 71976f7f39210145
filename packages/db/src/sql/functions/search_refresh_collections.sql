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
