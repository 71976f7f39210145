ALTER TABLE "bids" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_card_shown" CHECK (("bids"."card_brand" is null and "bids"."card_last4" is null)
        or ("bids"."card_brand" is not null and "bids"."card_last4" ~ '^[0-9]{4}$'));--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD CONSTRAINT "drawing_entries_card_shown" CHECK (("drawing_entries"."card_brand" is null and "drawing_entries"."card_last4" is null)
        or ("drawing_entries"."card_brand" is not null and "drawing_entries"."card_last4" ~ '^[0-9]{4}$'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_card_shown" CHECK (("offers"."card_brand" is null and "offers"."card_last4" is null)
        or ("offers"."card_brand" is not null and "offers"."card_last4" ~ '^[0-9]{4}$'));