CREATE TABLE "hire"."listing_uses" (
	"credit_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"job_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
