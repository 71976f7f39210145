CREATE OR REPLACE FUNCTION catalog_on_collections_row_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(
    SELECT n.id FROM nifties n WHERE n.collection_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $function$;
