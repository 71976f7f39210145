CREATE OR REPLACE FUNCTION catalog_on_nifties_cards()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $function$;
