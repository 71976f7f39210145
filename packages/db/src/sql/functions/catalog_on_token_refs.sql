CREATE OR REPLACE FUNCTION catalog_on_token_refs()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_tokens(ARRAY(SELECT DISTINCT token_row_id FROM old_rows));
  ELSE
    PERFORM catalog_refresh_tokens(ARRAY(SELECT DISTINCT token_row_id FROM new_rows));
  END IF;
  RETURN NULL;
END $function$;
