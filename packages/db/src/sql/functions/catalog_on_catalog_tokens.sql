CREATE OR REPLACE FUNCTION catalog_on_catalog_tokens()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT DISTINCT collection_id FROM old_rows));
    PERFORM catalog_refresh_nifty_stats(ARRAY(SELECT DISTINCT nifty_id FROM old_rows));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM catalog_refresh_collection_stats(ARRAY(SELECT DISTINCT collection_id FROM new_rows));
    PERFORM catalog_refresh_nifty_stats(ARRAY(SELECT DISTINCT nifty_id FROM new_rows));
  ELSE
    -- Likes and owners move neither collection nor nifty stats.
    -- Changed rows by EXCEPT (hashed), never a join of the transition tables: that join went quadratic
    -- on statements of many thousand rows.
    PERFORM catalog_refresh_collection_stats(ARRAY(
      SELECT DISTINCT collection_id FROM (
        SELECT token_row_id, collection_id, list_price_cents, listed_at, last_sale_at FROM new_rows
        EXCEPT SELECT token_row_id, collection_id, list_price_cents, listed_at, last_sale_at FROM old_rows) d));
    PERFORM catalog_refresh_nifty_stats(ARRAY(
      SELECT nifty_id FROM (
        SELECT token_row_id, nifty_id, list_price_cents FROM new_rows
        EXCEPT SELECT token_row_id, nifty_id, list_price_cents FROM old_rows) d
      UNION
      SELECT nifty_id FROM (
        SELECT token_row_id, nifty_id FROM old_rows EXCEPT SELECT token_row_id, nifty_id FROM new_rows) e));
  END IF;
  RETURN NULL;
END $function$;
