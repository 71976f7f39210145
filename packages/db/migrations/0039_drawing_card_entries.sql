ALTER TABLE "drawing_entries" ADD COLUMN "payment_method" text DEFAULT 'balance' NOT NULL;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD COLUMN "card_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD CONSTRAINT "drawing_entries_payment_method" CHECK ("drawing_entries"."payment_method" in ('balance', 'stripe_card'));