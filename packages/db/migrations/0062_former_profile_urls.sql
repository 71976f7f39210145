CREATE TABLE "former_profile_urls" (
	"profile_url" text NOT NULL,
	"user_id" integer NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "former_profile_urls" ADD CONSTRAINT "former_profile_urls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "former_profile_urls_key" ON "former_profile_urls" USING btree (lower("profile_url"));--> statement-breakpoint
CREATE INDEX "former_profile_urls_user_idx" ON "former_profile_urls" USING btree ("user_id");