CREATE TABLE "core"."shift_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"day" date NOT NULL,
	"profession" text NOT NULL,
	"offered_by" uuid NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"taken_by" uuid,
	"taken_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"kept_rules" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shift_swaps_live_idx" ON "core"."shift_swaps" USING btree ("assignment_id") WHERE status in ('open', 'taken');--> statement-breakpoint
CREATE INDEX "shift_swaps_org_open_idx" ON "core"."shift_swaps" USING btree ("org_id","profession","day") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "shift_swaps_org_status_idx" ON "core"."shift_swaps" USING btree ("org_id","status","department_id","day");--> statement-breakpoint
CREATE INDEX "shift_swaps_offered_by_idx" ON "core"."shift_swaps" USING btree ("offered_by","created_at");--> statement-breakpoint
CREATE INDEX "shift_swaps_taken_by_idx" ON "core"."shift_swaps" USING btree ("taken_by","created_at");