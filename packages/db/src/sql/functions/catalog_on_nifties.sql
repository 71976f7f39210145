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
