CREATE TABLE "billing"."catalogue_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"vat_included" boolean NOT NULL,
	"billing" text NOT NULL,
	"days" integer,
	"modules" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"capabilities" jsonb NOT NULL,
	"ideal_for" text NOT NULL,
	"features" jsonb NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"repeatable" boolean DEFAULT false NOT NULL,
	"requires_core" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "billing"."invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"receipt_number" text NOT NULL,
	"org_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"org_name" text NOT NULL,
	"kra_pin" text,
	"lines" jsonb NOT NULL,
	"credit" integer NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"provider_receipt" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "invoices_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "billing"."listing_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "listing_credits_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "billing"."organisations" (
	"org_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"kra_pin" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"created_by" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"item_ids" jsonb NOT NULL,
	"recurring" jsonb NOT NULL,
	"once" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"callback_token" text NOT NULL,
	"redirect_url" text,
	"receipt" text,
	"failure_code" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing"."rejected_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"payment_id" uuid,
	"provider_ref" text,
	"reason" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."subscriptions" (
	"org_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"scheduled_lines" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoices_org_issued_idx" ON "billing"."invoices" USING btree ("org_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "listing_credits_org_idx" ON "billing"."listing_credits" USING btree ("org_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "billing"."payments" USING btree ("org_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "billing"."payments" USING btree ("method","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_callback_token_idx" ON "billing"."payments" USING btree ("callback_token");--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "billing"."payments" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "billing"."payments" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "rejected_callbacks_received_idx" ON "billing"."rejected_callbacks" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "billing"."subscriptions" USING btree ("period_end");