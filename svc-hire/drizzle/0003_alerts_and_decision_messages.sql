CREATE TABLE "hire"."job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hire"."applications" ADD COLUMN "decision_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "job_alerts_user_created_idx" ON "hire"."job_alerts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);