CREATE TABLE "content"."account_counts" (
	"role" text PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The accounts kept before this table existed, counted once.
INSERT INTO "content"."account_counts" ("role", "live")
  SELECT "role", count(*)::int FROM "content"."users" WHERE NOT "deleted" GROUP BY "role";
