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
