CREATE OR REPLACE FUNCTION catalog_on_publishers_cards()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(
    SELECT n.id FROM nifties n JOIN collections c ON c.id = n.collection_id
     WHERE c.publisher_id IN (SELECT id FROM (SELECT id, name, slug, profile_pic_url FROM new_rows
                                              EXCEPT SELECT id, name, slug, profile_pic_url FROM old_rows) d)));
  RETURN NULL;
END $function$;
