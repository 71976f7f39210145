CREATE OR REPLACE FUNCTION catalog_on_catalog_tokens()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_apply_token_changes(ARRAY(
      SELECT (token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at)::catalog_token_change
        FROM old_rows), '{}', TG_OP);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM catalog_apply_token_changes('{}', ARRAY(
      SELECT (token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at)::catalog_token_change
        FROM new_rows), TG_OP);
  ELSE
    -- Likes and owners move neither collection nor nifty stats: only rows whose stats columns changed
    -- are passed on. Changed rows by EXCEPT (hashed), never a join of the transition tables: that join
    -- went quadratic on statements of many thousand rows.
    PERFORM catalog_apply_token_changes(
      ARRAY(SELECT (d.token_row_id, d.collection_id, d.nifty_id, d.list_price_cents, d.listed_at, d.last_sale_at)::catalog_token_change
              FROM (SELECT token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at FROM old_rows
                    EXCEPT SELECT token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at FROM new_rows) d),
      ARRAY(SELECT (d.token_row_id, d.collection_id, d.nifty_id, d.list_price_cents, d.listed_at, d.last_sale_at)::catalog_token_change
              FROM (SELECT token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at FROM new_rows
                    EXCEPT SELECT token_row_id, collection_id, nifty_id, list_price_cents, listed_at, last_sale_at FROM old_rows) d),
      TG_OP);
  END IF;
  RETURN NULL;
END $function$;
