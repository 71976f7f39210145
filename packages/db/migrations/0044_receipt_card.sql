ALTER TABLE "purchase_intents" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD CONSTRAINT "purchase_intents_card_shown" CHECK (("purchase_intents"."card_brand" is null and "purchase_intents"."card_last4" is null)
        or ("purchase_intents"."card_brand" is not null and "purchase_intents"."card_last4" ~ '^[0-9]{4}$'));