CREATE TABLE "core"."leave_opening_balances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"brought_forward" numeric(6,2) NOT NULL,
	"taken" numeric(6,2) NOT NULL,
	"note" text,
	"set_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "leave_opening_balances_staff_type_year_idx" ON "core"."leave_opening_balances" USING btree ("org_id","staff_record_id","type_id","year");--> statement-breakpoint
CREATE INDEX "leave_opening_balances_staff_idx" ON "core"."leave_opening_balances" USING btree ("staff_record_id");