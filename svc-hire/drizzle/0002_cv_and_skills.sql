CREATE TABLE "hire"."cvs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hire"."applications" ADD COLUMN "cv_id" uuid;--> statement-breakpoint
ALTER TABLE "hire"."users" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cvs_current_user_key" ON "hire"."cvs" USING btree ("user_id") WHERE retired_at is null;--> statement-breakpoint
ALTER TABLE "hire"."applications" ADD CONSTRAINT "applications_cv_id_cvs_id_fk" FOREIGN KEY ("cv_id") REFERENCES "hire"."cvs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_cv_idx" ON "hire"."applications" USING btree ("cv_id") WHERE cv_id is not null;