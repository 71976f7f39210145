CREATE TABLE "collection_creators" (
	"collection_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_creators_collection_id_user_id_pk" PRIMARY KEY("collection_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"publisher_id" integer NOT NULL,
	"drop_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"contract_address" text NOT NULL,
	"chain" text DEFAULT 'ethereum' NOT NULL,
	"category" text DEFAULT 'art' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"total_items" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"publisher_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"intro_text" text DEFAULT '' NOT NULL,
	"drop_type" text NOT NULL,
	"drop_status" text DEFAULT 'draft' NOT NULL,
	"chain" text DEFAULT 'ethereum' NOT NULL,
	"cover_asset" text,
	"preview_asset" text,
	"custom_banner" text,
	"custom_banner_alt_text" text,
	"intro_video" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"visible_start_at" timestamp with time zone,
	"visible_end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fx_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source_currency" text NOT NULL,
	"base_currency" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_row_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price_in_cents" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nifties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nifties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"type_number" integer NOT NULL,
	"nifty_type" text NOT NULL,
	"title" text DEFAULT 'Untitled NFT' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"asset_url" text NOT NULL,
	"asset_type" text DEFAULT 'Image' NOT NULL,
	"sale_type" text NOT NULL,
	"edition_size" integer DEFAULT 1 NOT NULL,
	"price_currency" text DEFAULT 'USD' NOT NULL,
	"price_amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	"minimum_bid_in_cents" bigint,
	"bid_increment_in_cents" bigint,
	"royalty_percentage" integer DEFAULT 10 NOT NULL,
	"limit_per_user" integer DEFAULT 1 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"total_sold" integer DEFAULT 0 NOT NULL,
	"total_reserved" integer DEFAULT 0 NOT NULL,
	"total_burnt" integer DEFAULT 0 NOT NULL,
	"burn_required" boolean DEFAULT false NOT NULL,
	"is_free_redemption" boolean DEFAULT false NOT NULL,
	"requires_validation" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_members" (
	"publisher_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'owner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_members_publisher_id_user_id_pk" PRIMARY KEY("publisher_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "publishers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publishers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"profile_pic_url" text,
	"cover_photo_url" text,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"curated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_row_id" integer NOT NULL,
	"seller_id" integer,
	"buyer_id" integer,
	"market" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price_in_cents" bigint NOT NULL,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nifty_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"name" text NOT NULL,
	"edition_number" integer NOT NULL,
	"rarity" numeric(9, 6),
	"owner_id" integer,
	"external_owner" text,
	"is_accepting_offers" boolean DEFAULT true NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"last_sale_in_cents" bigint,
	"last_sale_at" timestamp with time zone,
	"minted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"profile_url" text NOT NULL,
	"profile_pic_url" text,
	"wallet_address" text,
	"verified" boolean DEFAULT false NOT NULL,
	"creator" boolean DEFAULT false NOT NULL,
	"two_fa_enabled" boolean DEFAULT false NOT NULL,
	"verified_phone" boolean DEFAULT false NOT NULL,
	"country_code" text,
	"phone_number" text,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subscribe" boolean DEFAULT true NOT NULL,
	"referral" text,
	"needs_terms_and_conditions_approval" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_creators" ADD CONSTRAINT "collection_creators_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_creators" ADD CONSTRAINT "collection_creators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_token_row_id_tokens_id_fk" FOREIGN KEY ("token_row_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nifties" ADD CONSTRAINT "nifties_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_members" ADD CONSTRAINT "publisher_members_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_members" ADD CONSTRAINT "publisher_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_token_row_id_tokens_id_fk" FOREIGN KEY ("token_row_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_slug_key" ON "collections" USING btree (lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX "collections_contract_key" ON "collections" USING btree (lower("contract_address"));--> statement-breakpoint
CREATE INDEX "collections_drop_idx" ON "collections" USING btree ("drop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drops_slug_key" ON "drops" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "drops_publisher_idx" ON "drops" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "drops_window_idx" ON "drops" USING btree ("start_at","end_at");--> statement-breakpoint
CREATE INDEX "fx_rates_pair_idx" ON "fx_rates" USING btree ("source_currency","base_currency","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_one_active_per_token" ON "listings" USING btree ("token_row_id") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "listings_active_price_idx" ON "listings" USING btree ("price_in_cents") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "nifties_collection_type_key" ON "nifties" USING btree ("collection_id","type_number");--> statement-breakpoint
CREATE INDEX "publisher_members_user_idx" ON "publisher_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publishers_slug_key" ON "publishers" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "sales_token_idx" ON "sales" USING btree ("token_row_id","sold_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_contract_token_key" ON "tokens" USING btree (lower("contract_address"),"token_id");--> statement-breakpoint
CREATE INDEX "tokens_nifty_idx" ON "tokens" USING btree ("nifty_id");--> statement-breakpoint
CREATE INDEX "tokens_owner_idx" ON "tokens" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_profile_url_key" ON "users" USING btree (lower("profile_url"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_wallet_address_key" ON "users" USING btree (lower("wallet_address"));