CREATE TABLE "drawing_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drawing_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"drawing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price_cents" bigint NOT NULL,
	"status" text DEFAULT 'entered' NOT NULL,
	"token_row_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "drawing_entries_status" CHECK ("drawing_entries"."status" in ('entered', 'won', 'lost')),
	CONSTRAINT "drawing_entries_price" CHECK ("drawing_entries"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "drawings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drawings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nifty_id" integer NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"editions_drawn" integer,
	"created_at" timestamp with time zone NOT NULL,
	"drawn_at" timestamp with time zone,
	CONSTRAINT "drawings_status" CHECK ("drawings"."status" in ('open', 'drawn'))
);
--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD CONSTRAINT "drawing_entries_drawing_id_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."drawings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD CONSTRAINT "drawing_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD CONSTRAINT "drawing_entries_token_row_id_tokens_id_fk" FOREIGN KEY ("token_row_id") REFERENCES "public"."tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drawing_entries_user_key" ON "drawing_entries" USING btree ("drawing_id","user_id");--> statement-breakpoint
CREATE INDEX "drawing_entries_drawing_idx" ON "drawing_entries" USING btree ("drawing_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "drawings_nifty_key" ON "drawings" USING btree ("nifty_id");