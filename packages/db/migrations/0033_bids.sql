CREATE TABLE "auction_states" (
	"nifty_id" integer PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"nifty_id" integer NOT NULL,
	"amount_in_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"currently_active" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text NOT NULL,
	"hold_reference" text,
	"provider_reference" text,
	"sale_id" integer,
	"ledger_transaction_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "bids_positive" CHECK ("bids"."amount_in_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_bid_safety_net_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_bid_allowance_override_in_cents" bigint;--> statement-breakpoint
ALTER TABLE "auction_states" ADD CONSTRAINT "auction_states_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_nifty_idx" ON "bids" USING btree ("nifty_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_nifty_active_idx" ON "bids" USING btree ("nifty_id","amount_in_cents") WHERE "bids"."currently_active";--> statement-breakpoint
CREATE INDEX "bids_user_active_idx" ON "bids" USING btree ("user_id") WHERE "bids"."currently_active";