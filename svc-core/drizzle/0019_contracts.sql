CREATE TABLE "core"."contract_codes" (
	"contract_id" uuid NOT NULL,
	"party" text NOT NULL,
	"person_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_codes_contract_id_party_pk" PRIMARY KEY("contract_id","party")
);
--> statement-breakpoint
CREATE TABLE "core"."contract_signatures" (
	"contract_id" uuid NOT NULL,
	"party" text NOT NULL,
	"person_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document_sha256" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_signatures_contract_id_party_pk" PRIMARY KEY("contract_id","party")
);
--> statement-breakpoint
CREATE TABLE "core"."contract_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"fields" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"pdf" "bytea",
	"pdf_sha256" text,
	"signed_pdf" "bytea",
	"signed_pdf_sha256" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_org_name_idx" ON "core"."contract_templates" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contracts_org_created_idx" ON "core"."contracts" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_staff_idx" ON "core"."contracts" USING btree ("staff_record_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_pdf_sha_idx" ON "core"."contracts" USING btree ("pdf_sha256");--> statement-breakpoint
CREATE INDEX "contracts_signed_pdf_sha_idx" ON "core"."contracts" USING btree ("signed_pdf_sha256");