CREATE TABLE "core"."leave_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"days" numeric(6,2) NOT NULL,
	"days_by_year" jsonb NOT NULL,
	"half_pay_days" numeric(6,2) DEFAULT 0 NOT NULL,
	"document_required" boolean DEFAULT false NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."leave_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"accrual" text NOT NULL,
	"days_per_year" numeric(6,2) NOT NULL,
	"carry_over_cap" numeric(6,2),
	"counts_weekends" boolean NOT NULL,
	"counts_holidays" boolean NOT NULL,
	"allow_negative" boolean NOT NULL,
	"min_service_months" integer NOT NULL,
	"half_pay_after_days" numeric(6,2),
	"documents_required" text,
	"documents_after_days" integer,
	"paid" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."public_holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"country" text NOT NULL,
	"day" date NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "core"."organisations" ADD COLUMN "leave_seeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "leave_requests_staff_from_idx" ON "core"."leave_requests" USING btree ("staff_record_id","from_day");--> statement-breakpoint
CREATE INDEX "leave_requests_org_status_idx" ON "core"."leave_requests" USING btree ("org_id","status","created_at");--> statement-breakpoint
CREATE INDEX "leave_requests_org_days_idx" ON "core"."leave_requests" USING btree ("org_id","from_day","to_day") WHERE status = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_org_name_idx" ON "core"."leave_types" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "public_holidays_org_country_day_idx" ON "core"."public_holidays" USING btree ("org_id","country","day");