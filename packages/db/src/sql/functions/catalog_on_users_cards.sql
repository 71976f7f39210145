CREATE OR REPLACE FUNCTION catalog_on_users_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_collection_creators(ARRAY(
    SELECT DISTINCT cc.collection_id FROM collection_creators cc
     WHERE cc.user_id IN (
       SELECT id FROM (SELECT id, name, profile_url, profile_pic_url FROM new_rows
                       EXCEPT SELECT id, name, profile_url, profile_pic_url FROM old_rows) d)));
  RETURN NULL;
END $function$;
