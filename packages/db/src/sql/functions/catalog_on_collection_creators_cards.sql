CREATE OR REPLACE FUNCTION catalog_on_collection_creators_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_collection_creators(ARRAY(SELECT DISTINCT collection_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_refresh_collection_creators(ARRAY(
      SELECT collection_id FROM old_rows UNION SELECT collection_id FROM new_rows));
  ELSE
    PERFORM catalog_refresh_collection_creators(ARRAY(SELECT DISTINCT collection_id FROM new_rows));
  END IF;
  RETURN NULL;
END $function$;
