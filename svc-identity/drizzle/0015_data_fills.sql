CREATE TABLE "identity"."data_fills" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
