CREATE TABLE "core"."hire_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"applicant_id" text NOT NULL,
	"job_title" text,
	"accepted_at" timestamp with time zone,
	"name" text,
	"email" text,
	"phone" text,
	"profession" text,
	"dismissed_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	CONSTRAINT "hire_applications_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
ALTER TABLE "core"."people" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "core"."people" ADD COLUMN "designation" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "hire_applications_pending_idx" ON "core"."hire_applications" USING btree ("owner_id","accepted_at") WHERE accepted_at is not null and dismissed_at is null and joined_at is null;--> statement-breakpoint
CREATE INDEX "hire_applications_applicant_idx" ON "core"."hire_applications" USING btree ("applicant_id");