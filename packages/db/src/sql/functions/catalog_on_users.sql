CREATE OR REPLACE FUNCTION catalog_on_users()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE renamed integer[];
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE index_name = 'users' AND ref_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_users(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM search_refresh_users(ARRAY(
      SELECT id FROM (
        SELECT id, name, profile_url, creator, verified FROM new_rows
        EXCEPT SELECT id, name, profile_url, creator, verified FROM old_rows) d));
    renamed := ARRAY(SELECT id FROM (SELECT id, name FROM new_rows EXCEPT SELECT id, name FROM old_rows) d);
    IF cardinality(renamed) > 0 THEN
      PERFORM search_refresh_collections(ARRAY(
        SELECT DISTINCT collection_id FROM collection_creators WHERE user_id IN (SELECT unnest(renamed))));
      PERFORM search_refresh_products(ARRAY(
        SELECT n.id FROM nifties n
         WHERE n.collection_id IN (SELECT collection_id FROM collection_creators WHERE user_id IN (SELECT unnest(renamed)))));
    END IF;
  END IF;
  RETURN NULL;
END $function$;
