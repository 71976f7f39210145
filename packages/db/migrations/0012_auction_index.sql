-- Auctions are ~1.5 % of tokens: a deep page of `quickFilter=auction` walked a sort index through every
-- other token (PGlite 25 ms, PostgreSQL 22 to 33 ms for page 46 at 100k tokens). This partial index
-- finds them directly (2 ms with the sort). explore.repo.ts writes the same literal list.
CREATE INDEX "catalog_tokens_auction_idx" ON "catalog_tokens" USING btree ("token_row_id") WHERE "catalog_tokens"."sale_type" in ('auction', 'ranked_auction', 'silent_auction');
