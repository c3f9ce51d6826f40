ALTER TABLE "hire"."applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
ALTER TABLE "hire"."owner_counts" ADD COLUMN "shortlisted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hire"."applications" ADD CONSTRAINT "applications_status_check" CHECK (status in ('pending', 'shortlisted', 'accepted', 'rejected', 'withdrawn'));