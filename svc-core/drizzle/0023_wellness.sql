CREATE TABLE "core"."pulse_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"workload" integer,
	"burnout" integer,
	"safety" integer,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "core"."pulse_respondents" (
	"survey_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "pulse_respondents_survey_id_person_id_pk" PRIMARY KEY("survey_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "core"."pulse_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"questions" text[] NOT NULL,
	"department_ids" uuid[] NOT NULL,
	"closes_on" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"invited" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pulse_answers_survey_idx" ON "core"."pulse_answers" USING btree ("survey_id","department_id");--> statement-breakpoint
CREATE INDEX "pulse_surveys_org_created_idx" ON "core"."pulse_surveys" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pulse_surveys_departments_idx" ON "core"."pulse_surveys" USING gin ("department_ids");