CREATE TABLE "identity"."org_entitlements" (
	"org_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"entitlements" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
