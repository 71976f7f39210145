CREATE TABLE "card_deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reference" text NOT NULL,
	"processor" text NOT NULL,
	"provider_reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'authorized' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owed_voids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owed_voids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"processor" text NOT NULL,
	"provider_reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_deposits" ADD CONSTRAINT "card_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_deposits_provider_reference_key" ON "card_deposits" USING btree ("processor","provider_reference");--> statement-breakpoint
CREATE INDEX "card_deposits_due_idx" ON "card_deposits" USING btree ("created_at") WHERE "card_deposits"."status" = 'authorized';--> statement-breakpoint
CREATE UNIQUE INDEX "owed_voids_reference_key" ON "owed_voids" USING btree ("processor","provider_reference");--> statement-breakpoint
CREATE INDEX "owed_voids_due_idx" ON "owed_voids" USING btree ("created_at") WHERE "owed_voids"."released_at" is null;