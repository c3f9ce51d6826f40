CREATE TABLE "core"."training_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"completed_on" date NOT NULL,
	"expires_on" date,
	"source" text NOT NULL,
	"certificate_ref" text,
	"event_id" uuid,
	"verified" boolean NOT NULL,
	"renewed_by" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."training_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"validity_months" integer,
	"everyone" boolean DEFAULT false NOT NULL,
	"professions" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "core"."organisations" ADD COLUMN "trainings_seeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "training_records_staff_type_day_idx" ON "core"."training_records" USING btree ("staff_record_id","type_id","completed_on");--> statement-breakpoint
CREATE INDEX "training_records_org_completed_idx" ON "core"."training_records" USING btree ("org_id","completed_on","id");--> statement-breakpoint
CREATE INDEX "training_records_type_idx" ON "core"."training_records" USING btree ("type_id","completed_on");--> statement-breakpoint
CREATE INDEX "training_records_live_expiry_idx" ON "core"."training_records" USING btree ("expires_on","id") WHERE renewed_by is null and expires_on is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "training_types_org_name_idx" ON "core"."training_types" USING btree ("org_id",lower("name"));