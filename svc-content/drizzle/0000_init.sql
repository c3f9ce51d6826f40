CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS "content";
--> statement-breakpoint
CREATE TABLE "content"."audit_log" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"service" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"target_module" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"address" text,
	"request_id" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."blocks" (
	"key" text PRIMARY KEY NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "content"."blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"data" text NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content"."blog_versions" (
	"post_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"data" text NOT NULL,
	"status" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" uuid,
	CONSTRAINT "blog_versions_post_id_version_pk" PRIMARY KEY("post_id","version")
);
--> statement-breakpoint
CREATE TABLE "content"."inbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"organization" text,
	"facility_type" text,
	"phone" text,
	"preferred_date" text,
	"preferred_time" text,
	"address" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content"."moderation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"title" text NOT NULL,
	"author_id" text,
	"flags" integer NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
CREATE TABLE "content"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "content"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "content"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"designation" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"account_created_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."weekly_counts" (
	"series" text NOT NULL,
	"week_start" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "weekly_counts_series_week_start_pk" PRIMARY KEY("series","week_start")
);
--> statement-breakpoint
ALTER TABLE "content"."blog_versions" ADD CONSTRAINT "blog_versions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "content"."blog_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_event_key" ON "content"."audit_log" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "content"."audit_log" USING btree ("target_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "content"."audit_log" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "content"."audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "content"."blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "content"."blog_posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "blog_posts_updated_idx" ON "content"."blog_posts" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "inbox_received_idx" ON "content"."inbox" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_kind_received_idx" ON "content"."inbox" USING btree ("kind","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_address_received_idx" ON "content"."inbox" USING btree ("address","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_subject_key" ON "content"."moderation_items" USING btree ("module","kind","subject_id");--> statement-breakpoint
CREATE INDEX "moderation_open_idx" ON "content"."moderation_items" USING btree ("flagged_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE decided_at is null;--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "content"."outbox" USING btree ("seq") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "content"."users" USING btree ("account_created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not deleted;--> statement-breakpoint
CREATE INDEX "users_live_role_created_idx" ON "content"."users" USING btree ("role","account_created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not deleted;--> statement-breakpoint
CREATE INDEX "users_export_idx" ON "content"."users" USING btree ("account_created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not deleted and role <> 'admin';--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "content"."users" USING gin ("search_text" gin_trgm_ops) WHERE not deleted;