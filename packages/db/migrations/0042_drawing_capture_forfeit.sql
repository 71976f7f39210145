ALTER TABLE "drawing_entries" DROP CONSTRAINT "drawing_entries_status";--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD COLUMN "capture_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD COLUMN "capture_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD COLUMN "forfeited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD COLUMN "promoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drawing_entries" ADD CONSTRAINT "drawing_entries_status" CHECK ("drawing_entries"."status" in ('entered', 'won', 'lost', 'forfeited'));