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
