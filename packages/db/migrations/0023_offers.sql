CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"maker_id" integer NOT NULL,
	"type" text NOT NULL,
	"target_key" text NOT NULL,
	"contract_address" text NOT NULL,
	"token_row_id" integer,
	"nifty_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"attribute_trait" text,
	"attribute_value" text,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_method" text NOT NULL,
	"hold_reference" text,
	"provider_reference" text,
	"accepted_by" integer,
	"accepted_token_row_id" integer,
	"sale_id" integer,
	"ledger_transaction_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "offers_amount_positive" CHECK ("offers"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_token_row_id_tokens_id_fk" FOREIGN KEY ("token_row_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_target" ON "offers" USING btree ("maker_id","target_key") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_maker_idx" ON "offers" USING btree ("maker_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_open_token_idx" ON "offers" USING btree ("token_row_id") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_open_nifty_idx" ON "offers" USING btree ("nifty_id") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_open_collection_idx" ON "offers" USING btree ("collection_id") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_open_expiry_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" = 'open';