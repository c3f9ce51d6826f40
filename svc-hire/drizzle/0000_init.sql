-- Trigram indexes serve the job board's substring filters on title and department.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS "hire";
--> statement-breakpoint
CREATE TABLE "hire"."applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"job_owner_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"cover_letter" text DEFAULT '' NOT NULL,
	"resume_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone,
	CONSTRAINT "applications_status_check" CHECK (status in ('pending', 'accepted', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "hire"."jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"organization" text NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"location" text NOT NULL,
	"type" text DEFAULT 'Full-time' NOT NULL,
	"description" text NOT NULL,
	"salary_range" text DEFAULT '' NOT NULL,
	"poster_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"poster_email" text NOT NULL,
	"applicant_count" integer DEFAULT 0 NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "jobs_type_check" CHECK (type in ('Full-time', 'Part-time', 'Contract', 'Temporary'))
);
--> statement-breakpoint
CREATE TABLE "hire"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "hire"."owner_counts" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hire"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "hire"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"org_id" uuid,
	"designation" text DEFAULT '' NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hire"."applications" ADD CONSTRAINT "applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "hire"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_job_user_key" ON "hire"."applications" USING btree ("job_id","user_id");--> statement-breakpoint
CREATE INDEX "applications_user_applied_idx" ON "hire"."applications" USING btree ("user_id","applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_job_applied_idx" ON "hire"."applications" USING btree ("job_id","applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_owner_applied_idx" ON "hire"."applications" USING btree ("job_owner_id","applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_applied_idx" ON "hire"."applications" USING btree ("applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_live_posted_idx" ON "hire"."jobs" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "jobs_live_type_posted_idx" ON "hire"."jobs" USING btree ("type","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "hire"."jobs" USING gin ("title" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "jobs_department_trgm_idx" ON "hire"."jobs" USING gin ("department" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "jobs_owner_posted_idx" ON "hire"."jobs" USING btree ("owner_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_poster_idx" ON "hire"."jobs" USING btree ("poster_id");--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "hire"."outbox" USING btree ("seq") WHERE sent_at is null;