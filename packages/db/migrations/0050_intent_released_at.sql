ALTER TABLE "purchase_intents" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchase_intents_unreleased_idx" ON "purchase_intents" USING btree ("updated_at") WHERE "purchase_intents"."payment_state" in ('expired', 'cancelled') and "purchase_intents"."provider_reference" is not null and "purchase_intents"."released_at" is null;--> statement-breakpoint
-- Listings of packs opened before a listed pack could no longer be opened (2026-12-05): its buyer would pay for
-- the empty pack. Closed as cancelled, as their sellers could have.
UPDATE "listings" SET "status" = 'cancelled', "closed_at" = now(), "updated_at" = now() WHERE "status" = 'active' AND "token_row_id" IN (SELECT "id" FROM "tokens" WHERE "opened_at" IS NOT NULL);