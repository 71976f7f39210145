ALTER TABLE "bids" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bids_capture_owed_idx" ON "bids" USING btree ("closed_at") WHERE "bids"."status" = 'won' and "bids"."provider_reference" is not null and "bids"."captured_at" is null;--> statement-breakpoint
CREATE INDEX "offers_capture_owed_idx" ON "offers" USING btree ("closed_at") WHERE "offers"."status" = 'accepted' and "offers"."provider_reference" is not null and "offers"."captured_at" is null;--> statement-breakpoint
-- Card offers accepted and card bids won before this migration were captured when they closed.
UPDATE "offers" SET "captured_at" = "closed_at" WHERE "status" = 'accepted' AND "provider_reference" IS NOT NULL;--> statement-breakpoint
UPDATE "bids" SET "captured_at" = "closed_at" WHERE "status" = 'won' AND "provider_reference" IS NOT NULL;
