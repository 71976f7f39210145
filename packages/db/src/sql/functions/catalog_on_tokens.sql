CREATE OR REPLACE FUNCTION catalog_on_tokens()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  PERFORM catalog_refresh_tokens(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $function$;
