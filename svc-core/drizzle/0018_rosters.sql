CREATE TABLE "core"."roster_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"roster_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kept_rules" text[] DEFAULT '{}'::text[] NOT NULL,
	"kept_reason" text,
	"suggested" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."rosters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"weeks" integer NOT NULL,
	"max_consecutive_nights" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."shift_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	"clinical" boolean DEFAULT true NOT NULL,
	"minimum_staffing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "roster_assignments_shift_person_idx" ON "core"."roster_assignments" USING btree ("roster_id","day","template_id","staff_record_id");--> statement-breakpoint
CREATE INDEX "roster_assignments_staff_day_idx" ON "core"."roster_assignments" USING btree ("staff_record_id","day");--> statement-breakpoint
CREATE INDEX "rosters_org_department_start_idx" ON "core"."rosters" USING btree ("org_id","department_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_templates_department_name_idx" ON "core"."shift_templates" USING btree ("department_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shift_templates_org_department_idx" ON "core"."shift_templates" USING btree ("org_id","department_id","starts_at");