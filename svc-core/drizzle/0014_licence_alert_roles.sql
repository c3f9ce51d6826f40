CREATE TABLE "core"."licence_alert_roles" (
	"org_id" uuid NOT NULL,
	"profession" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_alert_roles_org_id_profession_pk" PRIMARY KEY("org_id","profession")
);
