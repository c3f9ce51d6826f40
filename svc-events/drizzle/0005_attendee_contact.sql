ALTER TABLE "events"."users" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events"."users" ADD COLUMN "phone" text DEFAULT '' NOT NULL;