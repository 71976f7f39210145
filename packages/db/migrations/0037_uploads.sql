CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"declared_type" text DEFAULT '' NOT NULL,
	"purpose" text NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"content_type" text,
	"asset_type" text,
	"media_url" text,
	"static_thumbnail_url" text,
	"ipfs_cid" text,
	"pinned_cid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "uploads_received_check" CHECK ("uploads"."received" >= 0 and "uploads"."received" <= "uploads"."size"),
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('open', 'finished'))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_open_idx" ON "uploads" USING btree ("updated_at") WHERE "uploads"."status" = 'open';