ALTER TABLE "bids" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bids_capture_owed_idx" ON "bids" USING btree ("closed_at") WHERE "bids"."status" = 'won' and "bids"."provider_reference" is not null and "bids"."captured_at" is null;--> statement-breakpoint
CREATE INDEX "offers_capture_owed_idx" ON "offers" USING btree ("closed_at") WHERE "offers"."status" = 'accepted' and "offers"."provider_reference" is not null and "offers"."captured_at" is null;--> statement-breakpoint
-- Card money owed before this migration is taken as settled: card offers accepted and card bids won were
-- captured when they closed unless that capture failed, and paid intents uncaptured were never swept (the
-- sweep was not called until now; those from before migration 0021 were captured). Which capture failed
-- cannot be told from the store, and the simulated processor has forgotten those charges anyway.
UPDATE "offers" SET "captured_at" = "closed_at" WHERE "status" = 'accepted' AND "provider_reference" IS NOT NULL;--> statement-breakpoint
UPDATE "bids" SET "captured_at" = "closed_at" WHERE "status" = 'won' AND "provider_reference" IS NOT NULL;--> statement-breakpoint
UPDATE "purchase_intents" SET "captured_at" = "paid_at" WHERE "payment_state" = 'paid' AND "provider_reference" IS NOT NULL AND "captured_at" IS NULL;
