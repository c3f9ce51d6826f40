CREATE TABLE "hire"."verified_professions" (
	"credential_id" uuid PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"professions" text[] NOT NULL,
	"expires_on" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "verified_professions_person_idx" ON "hire"."verified_professions" USING btree ("person_id","expires_on");