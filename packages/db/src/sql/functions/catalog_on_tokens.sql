CREATE OR REPLACE FUNCTION catalog_on_tokens()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  PERFORM catalog_refresh_tokens(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $function$;
