CREATE TABLE "core"."cpd_points" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_title" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"earned_on" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cpd_points_person_idx" ON "core"."cpd_points" USING btree ("person_id");