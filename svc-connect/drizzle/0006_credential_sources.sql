CREATE TABLE "connect"."credential_sources" (
	"credential_id" uuid PRIMARY KEY NOT NULL,
	"council_code" text NOT NULL,
	"organisation_id" uuid
);
