CREATE OR REPLACE FUNCTION catalog_on_social()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  RETURN NULL;
END $function$;
