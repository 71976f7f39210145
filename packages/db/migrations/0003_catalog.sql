CREATE TABLE "catalog_collection_stats" (
	"collection_id" integer PRIMARY KEY NOT NULL,
	"floor_price_cents" bigint,
	"listed_count" integer DEFAULT 0 NOT NULL,
	"minted_count" integer DEFAULT 0 NOT NULL,
	"last_sale_at" timestamp with time zone,
	"last_listed_at" timestamp with time zone,
	"max_edition_size" integer DEFAULT 0 NOT NULL,
	"has_auction" boolean DEFAULT false NOT NULL,
	"min_nifty_price_cents" bigint
);
--> statement-breakpoint
CREATE TABLE "catalog_nifty_stats" (
	"nifty_id" integer PRIMARY KEY NOT NULL,
	"minted_count" integer DEFAULT 0 NOT NULL,
	"listed_count" integer DEFAULT 0 NOT NULL,
	"floor_price_cents" bigint
);
--> statement-breakpoint
CREATE TABLE "catalog_tokens" (
	"token_row_id" integer PRIMARY KEY NOT NULL,
	"nifty_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"edition_number" integer NOT NULL,
	"owner_id" integer,
	"category" text NOT NULL,
	"tags" text[] NOT NULL,
	"edition_size" integer NOT NULL,
	"sale_type" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"listing_id" integer,
	"list_price_cents" bigint,
	"listed_at" timestamp with time zone,
	"last_sale_cents" bigint,
	"last_sale_at" timestamp with time zone,
	"likes" integer DEFAULT 0 NOT NULL,
	"rarity" numeric(9, 6),
	"mass" integer,
	"hot_deal" boolean GENERATED ALWAYS AS (coalesce(list_price_cents < last_sale_cents, false)) STORED
);
--> statement-breakpoint
CREATE TABLE "contract_follows" (
	"user_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_follows_user_id_collection_id_pk" PRIMARY KEY("user_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_collections" (
	"user_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_collections_user_id_collection_id_pk" PRIMARY KEY("user_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_nifties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favorite_nifties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_row_id" integer,
	"nifty_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_nifties_one_target" CHECK (("favorite_nifties"."token_row_id" is null) <> ("favorite_nifties"."nifty_id" is null))
);
--> statement-breakpoint
CREATE TABLE "publisher_follows" (
	"user_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_follows_user_id_publisher_id_pk" PRIMARY KEY("user_id","publisher_id")
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"index_name" text NOT NULL,
	"ref_id" integer NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, body)) STORED NOT NULL,
	"boost" real DEFAULT 0 NOT NULL,
	"publisher_id" integer,
	"collection_id" integer,
	"category" text,
	"creator" boolean,
	"verified" boolean,
	"curated" boolean,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	CONSTRAINT "search_documents_index_name_ref_id_pk" PRIMARY KEY("index_name","ref_id")
);
--> statement-breakpoint
CREATE TABLE "token_traits" (
	"token_row_id" integer PRIMARY KEY NOT NULL,
	"mass" integer
);
--> statement-breakpoint
ALTER TABLE "catalog_collection_stats" ADD CONSTRAINT "catalog_collection_stats_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_nifty_stats" ADD CONSTRAINT "catalog_nifty_stats_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_tokens" ADD CONSTRAINT "catalog_tokens_token_row_id_tokens_id_fk" FOREIGN KEY ("token_row_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_follows" ADD CONSTRAINT "contract_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_follows" ADD CONSTRAINT "contract_follows_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_collections" ADD CONSTRAINT "favorite_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_collections" ADD CONSTRAINT "favorite_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_nifties" ADD CONSTRAINT "favorite_nifties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_nifties" ADD CONSTRAINT "favorite_nifties_token_row_id_tokens_id_fk" FOREIGN KEY ("token_row_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_nifties" ADD CONSTRAINT "favorite_nifties_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_follows" ADD CONSTRAINT "publisher_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_follows" ADD CONSTRAINT "publisher_follows_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_traits" ADD CONSTRAINT "token_traits_token_row_id_tokens_id_fk" FOREIGN KEY ("token_row_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_collection_stats_floor_idx" ON "catalog_collection_stats" USING btree ("floor_price_cents");--> statement-breakpoint
CREATE INDEX "catalog_collection_stats_last_sale_idx" ON "catalog_collection_stats" USING btree ("last_sale_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_tokens_contract_token_key" ON "catalog_tokens" USING btree ("contract_address","token_id");--> statement-breakpoint
CREATE INDEX "catalog_tokens_token_id_idx" ON "catalog_tokens" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "catalog_tokens_last_sale_idx" ON "catalog_tokens" USING btree ("last_sale_at" DESC NULLS LAST,"token_row_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_tokens_likes_idx" ON "catalog_tokens" USING btree ("likes" DESC NULLS LAST,"token_row_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_tokens_start_idx" ON "catalog_tokens" USING btree ("start_at","token_row_id");--> statement-breakpoint
CREATE INDEX "catalog_tokens_end_idx" ON "catalog_tokens" USING btree ("end_at","token_row_id");--> statement-breakpoint
CREATE INDEX "catalog_tokens_price_asc_idx" ON "catalog_tokens" USING btree ("list_price_cents","token_row_id");--> statement-breakpoint
CREATE INDEX "catalog_tokens_price_desc_idx" ON "catalog_tokens" USING btree ("list_price_cents" DESC NULLS LAST,"token_row_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_tokens_listed_at_idx" ON "catalog_tokens" USING btree ("listed_at" DESC NULLS LAST,"token_row_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_tokens_nifty_idx" ON "catalog_tokens" USING btree ("nifty_id","list_price_cents");--> statement-breakpoint
CREATE INDEX "catalog_tokens_collection_idx" ON "catalog_tokens" USING btree ("collection_id","edition_number");--> statement-breakpoint
CREATE INDEX "catalog_tokens_owner_idx" ON "catalog_tokens" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "catalog_tokens_publisher_idx" ON "catalog_tokens" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "catalog_tokens_tags_idx" ON "catalog_tokens" USING gin ("tags") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "catalog_tokens_hot_deal_idx" ON "catalog_tokens" USING btree ("token_row_id") WHERE "catalog_tokens"."hot_deal";--> statement-breakpoint
CREATE INDEX "catalog_tokens_edition_size_idx" ON "catalog_tokens" USING btree ("edition_size");--> statement-breakpoint
CREATE INDEX "catalog_tokens_mass_idx" ON "catalog_tokens" USING btree ("mass") WHERE "catalog_tokens"."mass" is not null;--> statement-breakpoint
CREATE INDEX "contract_follows_collection_idx" ON "contract_follows" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "favorite_collections_collection_idx" ON "favorite_collections" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "favorite_collections_user_idx" ON "favorite_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_nifties_user_token_key" ON "favorite_nifties" USING btree ("user_id","token_row_id") WHERE "favorite_nifties"."token_row_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_nifties_user_nifty_key" ON "favorite_nifties" USING btree ("user_id","nifty_id") WHERE "favorite_nifties"."nifty_id" is not null;--> statement-breakpoint
CREATE INDEX "favorite_nifties_user_idx" ON "favorite_nifties" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favorite_nifties_token_idx" ON "favorite_nifties" USING btree ("token_row_id");--> statement-breakpoint
CREATE INDEX "favorite_nifties_nifty_idx" ON "favorite_nifties" USING btree ("nifty_id");--> statement-breakpoint
CREATE INDEX "publisher_follows_publisher_idx" ON "publisher_follows" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "search_documents_users_trgm_idx" ON "search_documents" USING gin ("body" gin_trgm_ops) WITH (fastupdate=false) WHERE "search_documents"."index_name" = 'users';--> statement-breakpoint
CREATE INDEX "search_documents_users_tsv_idx" ON "search_documents" USING gin ("tsv") WITH (fastupdate=false) WHERE "search_documents"."index_name" = 'users';--> statement-breakpoint
CREATE INDEX "search_documents_publishers_trgm_idx" ON "search_documents" USING gin ("body" gin_trgm_ops) WITH (fastupdate=false) WHERE "search_documents"."index_name" = 'publishers';--> statement-breakpoint
CREATE INDEX "search_documents_publishers_tsv_idx" ON "search_documents" USING gin ("tsv") WITH (fastupdate=false) WHERE "search_documents"."index_name" = 'publishers';--> statement-breakpoint
CREATE INDEX "search_documents_collections_trgm_idx" ON "search_documents" USING gin ("body" gin_trgm_ops) WITH (fastupdate=false) WHERE "search_documents"."index_name" = 'collections';--> statement-breakpoint
CREATE INDEX "search_documents_collections_tsv_idx" ON "search_documents" USING gin ("tsv") WITH (fastupdate=false) WHERE "search_documents"."index_name" = 'collections';--> statement-breakpoint
CREATE INDEX "search_documents_products_trgm_idx" ON "search_documents" USING gin ("body" gin_trgm_ops) WITH (fastupdate=false) WHERE "search_documents"."index_name" = 'products';--> statement-breakpoint
CREATE INDEX "search_documents_products_tsv_idx" ON "search_documents" USING gin ("tsv") WITH (fastupdate=false) WHERE "search_documents"."index_name" = 'products';--> statement-breakpoint
CREATE INDEX "search_documents_collection_idx" ON "search_documents" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "collection_creators_user_idx" ON "collection_creators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "collections_publisher_idx" ON "collections" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "sales_seller_idx" ON "sales" USING btree ("seller_id");