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
