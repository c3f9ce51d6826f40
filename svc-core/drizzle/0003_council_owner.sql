ALTER TABLE "core"."councils" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
CREATE INDEX "councils_organisation_idx" ON "core"."councils" USING btree ("organisation_id");