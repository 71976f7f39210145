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
