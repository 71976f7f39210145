CREATE TABLE "terms_of_service" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terms_of_service_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" text NOT NULL,
	"markdown" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_agreed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_agreed_version" text;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_of_service_version_key" ON "terms_of_service" USING btree ("version");--> statement-breakpoint
CREATE INDEX "terms_of_service_published_idx" ON "terms_of_service" USING btree ("published_at");--> statement-breakpoint
INSERT INTO "terms_of_service" ("version", "markdown", "published_at") VALUES ('2026-01-01', '# Vitrine Terms of Use

These terms are the agreement between you and Vitrine when you sign up, browse, buy, sell or publish. Please read them; they are short.

## Your account

You are responsible for your account and for keeping your password and two-factor device safe. One person, one account.

## Buying and selling

- A purchase is final once it is paid: the NFT moves to your collection and the seller is paid.
- Prices are shown in US dollars; ETH amounts are converted at the rate in force when you buy.
- Sellers receive the price less the service fee (5%) and the creator''s royalty, shown before listing.

## Publishing

Publishers must own, or be licensed to sell, everything they publish and describe it honestly.

## Changes

If we change these terms we say so here, and you agree to the new version before your next purchase, listing or offer.', '2026-01-01T00:00:00Z');
