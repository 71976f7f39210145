DROP INDEX "catalog_tokens_last_sale_idx";--> statement-breakpoint
DROP INDEX "catalog_tokens_likes_idx";--> statement-breakpoint
DROP INDEX "catalog_tokens_start_idx";--> statement-breakpoint
DROP INDEX "catalog_tokens_end_idx";--> statement-breakpoint
DROP INDEX "catalog_tokens_price_asc_idx";--> statement-breakpoint
DROP INDEX "catalog_tokens_price_desc_idx";--> statement-breakpoint
DROP INDEX "catalog_tokens_listed_at_idx";--> statement-breakpoint
CREATE INDEX "catalog_tokens_last_sale_idx" ON "catalog_tokens" USING btree ("last_sale_at" DESC NULLS LAST,"token_row_id" DESC NULLS LAST,"category","start_at","end_at","list_price_cents");--> statement-breakpoint
CREATE INDEX "catalog_tokens_likes_idx" ON "catalog_tokens" USING btree ("likes" DESC NULLS LAST,"token_row_id" DESC NULLS LAST,"category","start_at","end_at","list_price_cents");--> statement-breakpoint
CREATE INDEX "catalog_tokens_start_idx" ON "catalog_tokens" USING btree ("start_at","token_row_id","category","end_at","list_price_cents");--> statement-breakpoint
CREATE INDEX "catalog_tokens_end_idx" ON "catalog_tokens" USING btree ("end_at","token_row_id","category","start_at","list_price_cents");--> statement-breakpoint
CREATE INDEX "catalog_tokens_price_asc_idx" ON "catalog_tokens" USING btree ("list_price_cents","token_row_id","category","start_at","end_at");--> statement-breakpoint
CREATE INDEX "catalog_tokens_price_desc_idx" ON "catalog_tokens" USING btree ("list_price_cents" DESC NULLS LAST,"token_row_id" DESC NULLS LAST,"category","start_at","end_at");--> statement-breakpoint
CREATE INDEX "catalog_tokens_listed_at_idx" ON "catalog_tokens" USING btree ("listed_at" DESC NULLS LAST,"token_row_id" DESC NULLS LAST,"category","start_at","end_at","list_price_cents");