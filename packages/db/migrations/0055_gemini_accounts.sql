-- A buyer's connected Gemini account (000 §7 connect-gemini-account), which a gemini_balance payment charges.
CREATE TABLE "gemini_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"access_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gemini_accounts" ADD CONSTRAINT "gemini_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;