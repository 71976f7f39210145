CREATE OR REPLACE FUNCTION catalog_refresh_collections(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM search_refresh_collections(ids);
  PERFORM search_refresh_products(ARRAY(SELECT id FROM nifties WHERE collection_id IN (SELECT unnest(ids))));
  PERFORM catalog_refresh_tokens(ARRAY(
    SELECT t.id FROM tokens t JOIN nifties n ON n.id = t.nifty_id WHERE n.collection_id IN (SELECT unnest(ids))));
  PERFORM catalog_refresh_collection_stats(ids);
END $function$;
