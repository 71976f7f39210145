CREATE OR REPLACE FUNCTION catalog_on_nifty_stats_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(SELECT nifty_id FROM new_rows));
  RETURN NULL;
END $function$;
