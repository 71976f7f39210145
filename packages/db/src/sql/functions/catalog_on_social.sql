CREATE OR REPLACE FUNCTION catalog_on_social()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  RETURN NULL;
END $function$;
