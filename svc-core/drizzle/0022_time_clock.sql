CREATE TABLE "core"."clock_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"department_id" uuid,
	"assignment_id" uuid,
	"clock_in" timestamp with time zone NOT NULL,
	"clock_out" timestamp with time zone,
	"minutes_late" integer DEFAULT 0 NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"with_code" boolean DEFAULT false NOT NULL,
	"corrected_by" uuid,
	"correction_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."timesheet_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"totals" jsonb NOT NULL,
	"approved_by" uuid NOT NULL,
	"approved_by_name" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"reopened_by" uuid,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text
);
--> statement-breakpoint
ALTER TABLE "core"."departments" ADD COLUMN "clock_code" text;--> statement-breakpoint
ALTER TABLE "core"."departments" ADD COLUMN "clock_code_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "clock_entries_open_idx" ON "core"."clock_entries" USING btree ("staff_record_id") WHERE clock_out is null;--> statement-breakpoint
CREATE INDEX "clock_entries_staff_in_idx" ON "core"."clock_entries" USING btree ("staff_record_id","clock_in");--> statement-breakpoint
CREATE INDEX "clock_entries_org_in_idx" ON "core"."clock_entries" USING btree ("org_id","clock_in");--> statement-breakpoint
CREATE INDEX "timesheet_approvals_staff_idx" ON "core"."timesheet_approvals" USING btree ("staff_record_id","from_day");