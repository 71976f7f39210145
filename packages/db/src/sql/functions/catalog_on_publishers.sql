CREATE OR REPLACE FUNCTION catalog_on_publishers()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE renamed integer[];
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE index_name = 'publishers' AND ref_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_publishers(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM search_refresh_publishers(ARRAY(
      SELECT id FROM (
        SELECT id, name, slug, verified, curated FROM new_rows
        EXCEPT SELECT id, name, slug, verified, curated FROM old_rows) d));
    renamed := ARRAY(SELECT id FROM (SELECT id, name FROM new_rows EXCEPT SELECT id, name FROM old_rows) d);
    IF cardinality(renamed) > 0 THEN
      PERFORM search_refresh_collections(ARRAY(SELECT id FROM collections WHERE publisher_id IN (SELECT unnest(renamed))));
      PERFORM search_refresh_products(ARRAY(
        SELECT n.id FROM nifties n JOIN collections c ON c.id = n.collection_id WHERE c.publisher_id IN (SELECT unnest(renamed))));
    END IF;
  END IF;
  RETURN NULL;
END $function$;
