CREATE TABLE "core"."policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"everyone" boolean DEFAULT false NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"department_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."policy_acknowledgements" (
	"policy_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"person_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policy_acknowledgements_policy_id_version_person_id_pk" PRIMARY KEY("policy_id","version","person_id")
);
--> statement-breakpoint
CREATE TABLE "core"."policy_versions" (
	"policy_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_by" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policy_versions_policy_id_version_pk" PRIMARY KEY("policy_id","version")
);
--> statement-breakpoint
CREATE INDEX "policies_org_updated_idx" ON "core"."policies" USING btree ("org_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "policy_acknowledgements_person_idx" ON "core"."policy_acknowledgements" USING btree ("person_id");