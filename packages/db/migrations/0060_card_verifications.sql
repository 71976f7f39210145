CREATE TABLE "card_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider_reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_verifications" ADD CONSTRAINT "card_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_verifications_reference_key" ON "card_verifications" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "card_verifications_waiting_idx" ON "card_verifications" USING btree ("created_at") WHERE "card_verifications"."status" = 'waiting';