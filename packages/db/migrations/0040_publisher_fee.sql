CREATE TABLE "publisher_fees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publisher_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"drop_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"created_by" integer,
	"amount_cents" integer NOT NULL,
	"payment_method" text,
	"payment_currency" text DEFAULT 'USD' NOT NULL,
	"payment_state" text DEFAULT 'pending' NOT NULL,
	"paid_by" integer,
	"provider_reference" text,
	"ledger_transaction_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_fees_amount_check" CHECK ("publisher_fees"."amount_cents" >= 0),
	CONSTRAINT "publisher_fees_state_check" CHECK ("publisher_fees"."payment_state" in ('pending', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "publisher_fees" ADD CONSTRAINT "publisher_fees_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_fees" ADD CONSTRAINT "publisher_fees_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_fees" ADD CONSTRAINT "publisher_fees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_fees" ADD CONSTRAINT "publisher_fees_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_fees_drop_idx" ON "publisher_fees" USING btree ("drop_id");