CREATE TABLE "identity"."account_counts" (
	"role" text PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- No account is written between the count below and the triggers taking over (migrations run in one
-- transaction, which holds this lock to its end).
LOCK TABLE "identity"."users" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- Each statement on users moves the counts by its net change per role (written by hand: drizzle-kit writes no
-- triggers). Statement-level, so a bulk insert is one aggregate, and an edit that changes neither role nor
-- status nets zero and writes nothing (no lock on the count's row).
CREATE FUNCTION "identity"."count_live_accounts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "identity"."account_counts" AS c ("role", "live")
      SELECT "role", count(*)::int FROM new_rows WHERE "status" <> 'deleted' GROUP BY "role"
      ON CONFLICT ("role") DO UPDATE SET "live" = c."live" + excluded."live";
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE "identity"."account_counts" SET "live" = 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "identity"."account_counts" AS c SET "live" = c."live" - d.n
      FROM (SELECT "role", count(*)::int AS n FROM old_rows WHERE "status" <> 'deleted' GROUP BY "role") d
      WHERE c."role" = d."role";
  ELSE
    INSERT INTO "identity"."account_counts" AS c ("role", "live")
      SELECT "role", sum(n)::int FROM (
        SELECT "role", 1 AS n FROM new_rows WHERE "status" <> 'deleted'
        UNION ALL
        SELECT "role", -1 AS n FROM old_rows WHERE "status" <> 'deleted'
      ) d GROUP BY "role" HAVING sum(n) <> 0
      ON CONFLICT ("role") DO UPDATE SET "live" = c."live" + excluded."live";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "identity"."users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "identity"."count_live_accounts"();--> statement-breakpoint
CREATE TRIGGER "users_counted_update" AFTER UPDATE ON "identity"."users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "identity"."count_live_accounts"();--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "identity"."users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "identity"."count_live_accounts"();--> statement-breakpoint
CREATE TRIGGER "users_counted_truncate" AFTER TRUNCATE ON "identity"."users"
  FOR EACH STATEMENT EXECUTE FUNCTION "identity"."count_live_accounts"();--> statement-breakpoint
-- The accounts already there, counted once; the triggers keep the counts from here on.
INSERT INTO "identity"."account_counts" ("role", "live")
  SELECT "role", count(*)::int FROM "identity"."users" WHERE "status" <> 'deleted' GROUP BY "role";
