CREATE TABLE "core"."policy_files" (
	"policy_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_files_policy_id_version_pk" PRIMARY KEY("policy_id","version")
);
--> statement-breakpoint
CREATE TABLE "core"."policy_reads" (
	"policy_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"person_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policy_reads_policy_id_version_person_id_pk" PRIMARY KEY("policy_id","version","person_id")
);
