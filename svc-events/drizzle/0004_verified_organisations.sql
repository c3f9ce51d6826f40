CREATE TABLE "events"."verified_organisations" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
