CREATE TABLE "edition_pools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "edition_pools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nifty_id" integer NOT NULL,
	"content_nifty_id" integer,
	"asset_url" text,
	"name" text NOT NULL,
	"total" integer NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "edition_pools_remaining" CHECK ("edition_pools"."remaining" >= 0 and "edition_pools"."remaining" <= "edition_pools"."total")
);
--> statement-breakpoint
CREATE TABLE "pack_openings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pack_openings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pack_token_id" integer NOT NULL,
	"item_token_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nifties" ADD COLUMN "burn_nifty_id" integer;--> statement-breakpoint
ALTER TABLE "nifties" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "nifties" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "burnt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "revealed_asset_url" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "revealed_name" text;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "burn_token_id" integer;--> statement-breakpoint
ALTER TABLE "edition_pools" ADD CONSTRAINT "edition_pools_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_pools" ADD CONSTRAINT "edition_pools_content_nifty_id_nifties_id_fk" FOREIGN KEY ("content_nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_openings" ADD CONSTRAINT "pack_openings_pack_token_id_tokens_id_fk" FOREIGN KEY ("pack_token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_openings" ADD CONSTRAINT "pack_openings_item_token_id_tokens_id_fk" FOREIGN KEY ("item_token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edition_pools_nifty_idx" ON "edition_pools" USING btree ("nifty_id");--> statement-breakpoint
CREATE INDEX "pack_openings_pack_idx" ON "pack_openings" USING btree ("pack_token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pack_openings_item_key" ON "pack_openings" USING btree ("item_token_id");