ALTER TABLE "purchase_intents" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_intents" ALTER COLUMN "token_row_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "nifties" ADD COLUMN "max_purchase_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "purchase_intent_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "sale_kind" text DEFAULT 'listing' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "nifty_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "held_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD CONSTRAINT "purchase_intents_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_purchase_intent_idx" ON "sales" USING btree ("purchase_intent_id") WHERE "sales"."purchase_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "purchase_intents_nifty_held_idx" ON "purchase_intents" USING btree ("nifty_id") WHERE "purchase_intents"."held_quantity" > 0;--> statement-breakpoint
CREATE INDEX "purchase_intents_nifty_buyer_idx" ON "purchase_intents" USING btree ("nifty_id","buyer_id") WHERE "purchase_intents"."nifty_id" is not null;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD CONSTRAINT "purchase_intents_has_subject" CHECK (("purchase_intents"."sale_kind" = 'listing' and "purchase_intents"."listing_id" is not null and "purchase_intents"."token_row_id" is not null)
        or ("purchase_intents"."sale_kind" <> 'listing' and "purchase_intents"."nifty_id" is not null));--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD CONSTRAINT "purchase_intents_held_range" CHECK ("purchase_intents"."held_quantity" >= 0 and "purchase_intents"."held_quantity" <= "purchase_intents"."requested_quantity");