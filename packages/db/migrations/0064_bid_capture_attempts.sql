ALTER TABLE "bids" ADD COLUMN "capture_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "capture_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "forfeited_at" timestamp with time zone;