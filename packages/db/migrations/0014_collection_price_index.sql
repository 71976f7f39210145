CREATE INDEX "catalog_tokens_collection_price_idx" ON "catalog_tokens" USING btree ("collection_id","list_price_cents");--> statement-breakpoint
-- What catalog_apply_token_changes needs of a changed catalog_tokens row (docs/decisions/004 §7).
CREATE TYPE catalog_token_change AS (token_row_id integer, collection_id integer, nifty_id integer,
  list_price_cents bigint, listed_at timestamp with time zone, last_sale_at timestamp with time zone);
