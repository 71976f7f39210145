-- The auction sale types are written once, in the domain (AUCTION_SALE_TYPES, catalog/sale-types.ts); this
-- migration is generated from it. Queries and the partial index read the generated `is_auction` columns
-- instead of repeating the list (issue #12).
DROP INDEX "catalog_tokens_auction_idx";--> statement-breakpoint
ALTER TABLE "catalog_tokens" ADD COLUMN "is_auction" boolean GENERATED ALWAYS AS (sale_type in ('auction', 'ranked_auction', 'silent_auction')) STORED;--> statement-breakpoint
ALTER TABLE "nifties" ADD COLUMN "is_auction" boolean GENERATED ALWAYS AS (sale_type in ('auction', 'ranked_auction', 'silent_auction')) STORED;--> statement-breakpoint
CREATE INDEX "catalog_tokens_auction_idx" ON "catalog_tokens" USING btree ("token_row_id") WHERE "catalog_tokens"."is_auction";