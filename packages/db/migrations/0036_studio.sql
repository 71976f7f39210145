CREATE TABLE "nifty_creators" (
	"nifty_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "nifty_creators_nifty_id_user_id_pk" PRIMARY KEY("nifty_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "publisher_tos_approvals" (
	"publisher_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version" text NOT NULL,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_tos_approvals_publisher_id_user_id_pk" PRIMARY KEY("publisher_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sales_splits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_splits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nifty_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"eth_address" text,
	"percentage" numeric(5, 2) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_splits_kind" CHECK ("sales_splits"."kind" in ('primary', 'secondary', 'on_chain')),
	CONSTRAINT "sales_splits_percentage" CHECK ("sales_splits"."percentage" >= 0 and "sales_splits"."percentage" <= 100)
);
--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "signer_address" text;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "external_owner_address" text;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "signer_user_id" integer;--> statement-breakpoint
ALTER TABLE "nifties" ADD COLUMN "is_safe_for_work" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "nifties" ADD COLUMN "ipfs_cid" text;--> statement-breakpoint
ALTER TABLE "nifties" ADD COLUMN "static_thumbnail" text;--> statement-breakpoint
ALTER TABLE "nifty_creators" ADD CONSTRAINT "nifty_creators_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nifty_creators" ADD CONSTRAINT "nifty_creators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_tos_approvals" ADD CONSTRAINT "publisher_tos_approvals_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_tos_approvals" ADD CONSTRAINT "publisher_tos_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_splits" ADD CONSTRAINT "sales_splits_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_splits" ADD CONSTRAINT "sales_splits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nifty_creators_user_idx" ON "nifty_creators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sales_splits_nifty_idx" ON "sales_splits" USING btree ("nifty_id","kind","position");