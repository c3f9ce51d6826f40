CREATE TABLE "core"."compliance_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"type_code" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date,
	"expires_on" date NOT NULL,
	"location_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."expiry_alerts" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"milestone" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "expiry_alerts_kind_subject_id_expires_on_milestone_pk" PRIMARY KEY("kind","subject_id","expires_on","milestone")
);
--> statement-breakpoint
ALTER TABLE "core"."organisations" ADD COLUMN "facility_type" text DEFAULT 'Clinic' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_documents_org_type_number_idx" ON "core"."compliance_documents" USING btree ("org_id","type_code","number");--> statement-breakpoint
CREATE INDEX "compliance_documents_org_expiry_idx" ON "core"."compliance_documents" USING btree ("org_id","expires_on","id");--> statement-breakpoint
CREATE INDEX "compliance_documents_expiry_idx" ON "core"."compliance_documents" USING btree ("expires_on","id");