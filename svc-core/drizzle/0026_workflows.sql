CREATE TABLE "core"."workflow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"occurrence" text DEFAULT '' NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"results" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."workflow_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"assignee_id" uuid NOT NULL,
	"staff_record_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"due_on" date NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core"."workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"preset" text,
	"trigger" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"records_since" timestamp with time zone,
	"activated_by" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_claim_idx" ON "core"."workflow_runs" USING btree ("workflow_id","subject_id","occurrence");--> statement-breakpoint
CREATE INDEX "workflow_runs_workflow_ran_idx" ON "core"."workflow_runs" USING btree ("workflow_id","ran_at","id");--> statement-breakpoint
CREATE INDEX "workflow_tasks_assignee_idx" ON "core"."workflow_tasks" USING btree ("assignee_id","org_id","due_on","position","id");--> statement-breakpoint
CREATE INDEX "workflows_org_created_idx" ON "core"."workflows" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_org_preset_idx" ON "core"."workflows" USING btree ("org_id","preset") WHERE preset is not null;--> statement-breakpoint
CREATE INDEX "workflows_active_idx" ON "core"."workflows" USING btree ("id") WHERE active;