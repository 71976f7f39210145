CREATE OR REPLACE FUNCTION catalog_on_drops()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  PERFORM catalog_refresh_collections(ARRAY(
    SELECT c.id FROM collections c
     WHERE c.drop_id IN (
       SELECT id FROM (
         SELECT id, drop_status, start_at, end_at FROM new_rows
         EXCEPT SELECT id, drop_status, start_at, end_at FROM old_rows) d)));
  RETURN NULL;
END $function$;
