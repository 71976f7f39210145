CREATE TABLE "allowlists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allowlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"criteria_id" integer NOT NULL,
	"email_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"usernames" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criteria_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "criteria_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"criteria_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"usernames" text[] DEFAULT '{}'::text[] NOT NULL,
	"artist_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"contract_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"nifty_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "criteria_rules_count" CHECK ("criteria_rules"."count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "participation_criteria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "participation_criteria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer,
	"nifty_id" integer,
	"mode" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participation_criteria_one_target" CHECK (("participation_criteria"."collection_id" is null) <> ("participation_criteria"."nifty_id" is null)),
	CONSTRAINT "participation_criteria_mode" CHECK ("participation_criteria"."mode" in ('all', 'any'))
);
--> statement-breakpoint
CREATE TABLE "token_burns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_burns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_row_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nifty_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"burnt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allowlists" ADD CONSTRAINT "allowlists_criteria_id_participation_criteria_id_fk" FOREIGN KEY ("criteria_id") REFERENCES "public"."participation_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_rules" ADD CONSTRAINT "criteria_rules_criteria_id_participation_criteria_id_fk" FOREIGN KEY ("criteria_id") REFERENCES "public"."participation_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_criteria" ADD CONSTRAINT "participation_criteria_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_criteria" ADD CONSTRAINT "participation_criteria_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_burns" ADD CONSTRAINT "token_burns_token_row_id_tokens_id_fk" FOREIGN KEY ("token_row_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_burns" ADD CONSTRAINT "token_burns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_burns" ADD CONSTRAINT "token_burns_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allowlists_criteria_key" ON "allowlists" USING btree ("criteria_id");--> statement-breakpoint
CREATE INDEX "criteria_rules_criteria_idx" ON "criteria_rules" USING btree ("criteria_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "participation_criteria_collection_key" ON "participation_criteria" USING btree ("collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participation_criteria_nifty_key" ON "participation_criteria" USING btree ("nifty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_burns_token_key" ON "token_burns" USING btree ("token_row_id");--> statement-breakpoint
CREATE INDEX "token_burns_user_idx" ON "token_burns" USING btree ("user_id");