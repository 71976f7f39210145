ALTER TABLE "publisher_fees" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "publisher_fees_capture_owed_idx" ON "publisher_fees" USING btree ("paid_at") WHERE "publisher_fees"."payment_state" = 'paid' and "publisher_fees"."provider_reference" is not null and "publisher_fees"."captured_at" is null;--> statement-breakpoint
-- Card fees paid before this migration are taken as captured: the capture ran right after the payment and
-- a failure answered 500; which failed cannot be told from the store.
UPDATE "publisher_fees" SET "captured_at" = "paid_at" WHERE "payment_state" = 'paid' AND "provider_reference" IS NOT NULL;
