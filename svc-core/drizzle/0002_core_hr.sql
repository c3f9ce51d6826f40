CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "core"."councils" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"country" text NOT NULL,
	"professions" text[] NOT NULL,
	"renewal_months" integer,
	"ends_on_month" integer,
	"ends_on_day" integer,
	"register_url" text NOT NULL,
	CONSTRAINT "councils_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "core"."credential_alerts" (
	"credential_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"milestone" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credential_alerts_credential_id_expires_on_milestone_pk" PRIMARY KEY("credential_id","expires_on","milestone")
);
--> statement-breakpoint
CREATE TABLE "core"."credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid,
	"staff_record_id" uuid,
	"council_id" uuid NOT NULL,
	"number" text NOT NULL,
	"issued_on" date,
	"expires_on" date NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"verified_by_org_id" uuid,
	"verified_by_org_name" text,
	"revoked_at" timestamp with time zone,
	"renewed_by" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."organisations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT 'KE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."people" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"org_id" uuid,
	"country" text DEFAULT '' NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."staff_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"person_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"job_title" text,
	"profession" text,
	"department_id" uuid,
	"location_id" uuid,
	"start_date" date,
	"employment_type" text,
	"national_id" text,
	"kra_pin" text,
	"sha_number" text,
	"nssf_number" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"role" text DEFAULT 'staff' NOT NULL,
	"managed_department_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"managed_location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cleared" boolean DEFAULT true NOT NULL,
	"clearance" text DEFAULT 'not-regulated' NOT NULL,
	"left_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_council_number_expiry_idx" ON "core"."credentials" USING btree ("council_id","number","expires_on");--> statement-breakpoint
CREATE INDEX "credentials_person_idx" ON "core"."credentials" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "credentials_staff_idx" ON "core"."credentials" USING btree ("staff_record_id");--> statement-breakpoint
CREATE INDEX "credentials_live_expiry_idx" ON "core"."credentials" USING btree ("expires_on","id") WHERE renewed_by is null and revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_org_name_idx" ON "core"."departments" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_org_name_idx" ON "core"."locations" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "people_org_idx" ON "core"."people" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "people_email_idx" ON "core"."people" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_org_email_idx" ON "core"."staff_records" USING btree ("org_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_org_person_idx" ON "core"."staff_records" USING btree ("org_id","person_id") WHERE person_id is not null;--> statement-breakpoint
CREATE INDEX "staff_person_idx" ON "core"."staff_records" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "staff_org_name_idx" ON "core"."staff_records" USING btree ("org_id","name","id");--> statement-breakpoint
CREATE INDEX "staff_org_department_idx" ON "core"."staff_records" USING btree ("org_id","department_id","name");--> statement-breakpoint
CREATE INDEX "staff_org_location_idx" ON "core"."staff_records" USING btree ("org_id","location_id","name");--> statement-breakpoint
CREATE INDEX "staff_org_cleared_idx" ON "core"."staff_records" USING btree ("org_id","cleared","name");--> statement-breakpoint
CREATE INDEX "staff_name_trgm_idx" ON "core"."staff_records" USING gin ("name" gin_trgm_ops);