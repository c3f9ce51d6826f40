-- Trigram indexes make the directory search forgive misspellings.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS "connect";
--> statement-breakpoint
CREATE TABLE "connect"."connection_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"user_low" uuid NOT NULL,
	"user_high" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "connection_requests_status_check" CHECK (status in ('pending', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "connection_requests_not_self_check" CHECK (from_id <> to_id)
);
--> statement-breakpoint
CREATE TABLE "connect"."discussions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_role" text NOT NULL,
	"author_profession" text NOT NULL,
	"author_facility" text DEFAULT '' NOT NULL,
	"author_country" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"content_html" text NOT NULL,
	"category" text NOT NULL,
	"visibility" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"flag_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, content), 'B')) STORED,
	"title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED,
	CONSTRAINT "discussions_category_check" CHECK (category in ('General', 'Clinical', 'NHIF & Compliance', 'Task Shifting in Rural Clinics', 'Mobile Clinics & Outreach', 'Medical Supply Chain', 'Administrative', 'Research')),
	CONSTRAINT "discussions_visibility_check" CHECK (visibility in ('Public', 'Clinic Internal', 'Role-Based')),
	CONSTRAINT "discussions_status_check" CHECK (status in ('visible', 'hidden', 'removed')),
	CONSTRAINT "discussions_counts_check" CHECK (flag_count >= 0 and like_count >= 0 and reply_count >= 0)
);
--> statement-breakpoint
CREATE TABLE "connect"."facet_counts" (
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "facet_counts_facet_value_pk" PRIMARY KEY("facet","value")
);
--> statement-breakpoint
CREATE TABLE "connect"."flags" (
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flags_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "connect"."likes" (
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "connect"."outbox" (
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
CREATE TABLE "connect"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "connect"."replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discussion_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_role" text NOT NULL,
	"author_profession" text NOT NULL,
	"author_facility" text DEFAULT '' NOT NULL,
	"author_country" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"content_html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "connect"."search_terms" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connect"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"org_id" uuid,
	"profession" text NOT NULL,
	"designation" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"facility" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills_text" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"contact_public" boolean DEFAULT false NOT NULL,
	"account_created_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(to_tsvector('simple'::regconfig, designation || ' ' || skills_text), 'B') || setweight(to_tsvector('simple'::regconfig, description), 'C')) STORED,
	"version" integer NOT NULL,
	CONSTRAINT "users_profession_check" CHECK (profession in ('Clinic', 'Doctor', 'Nurse', 'Clinical Officer', 'Pharmacist', 'Laboratory Technologist', 'Other'))
);
--> statement-breakpoint
ALTER TABLE "connect"."flags" ADD CONSTRAINT "flags_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "connect"."discussions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect"."likes" ADD CONSTRAINT "likes_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "connect"."discussions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect"."replies" ADD CONSTRAINT "replies_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "connect"."discussions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connection_requests_live_pair_key" ON "connect"."connection_requests" USING btree ("user_low","user_high") WHERE status in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "connection_requests_to_created_idx" ON "connect"."connection_requests" USING btree ("to_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "connection_requests_from_created_idx" ON "connect"."connection_requests" USING btree ("from_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "connection_requests_from_to_decided_idx" ON "connect"."connection_requests" USING btree ("from_id","to_id","decided_at");--> statement-breakpoint
CREATE INDEX "connection_requests_from_accepted_idx" ON "connect"."connection_requests" USING btree ("from_id","decided_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'accepted';--> statement-breakpoint
CREATE INDEX "connection_requests_to_accepted_idx" ON "connect"."connection_requests" USING btree ("to_id","decided_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'accepted';--> statement-breakpoint
CREATE INDEX "discussions_live_created_idx" ON "connect"."discussions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'visible' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "discussions_live_category_created_idx" ON "connect"."discussions" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'visible' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "discussions_live_search_idx" ON "connect"."discussions" USING gin ("search_vector") WHERE status = 'visible' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "discussions_live_title_search_idx" ON "connect"."discussions" USING gin ("title_vector") WHERE status = 'visible' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "discussions_author_created_idx" ON "connect"."discussions" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "facet_counts_top_idx" ON "connect"."facet_counts" USING btree ("facet","count");--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "connect"."outbox" USING btree ("seq") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "replies_discussion_created_idx" ON "connect"."replies" USING btree ("discussion_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "replies_author_created_idx" ON "connect"."replies" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "search_terms_word_trgm_idx" ON "connect"."search_terms" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_directory_name_idx" ON "connect"."users" USING btree ("name","id") WHERE not deleted and role <> 'admin';--> statement-breakpoint
CREATE INDEX "users_directory_profession_name_idx" ON "connect"."users" USING btree ("profession","name","id") WHERE not deleted and role <> 'admin';--> statement-breakpoint
CREATE INDEX "users_directory_country_name_idx" ON "connect"."users" USING btree ("country","name","id") WHERE not deleted and role <> 'admin';--> statement-breakpoint
CREATE INDEX "users_directory_search_idx" ON "connect"."users" USING gin ("search_vector") WHERE not deleted and role <> 'admin';--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "connect"."users" USING btree ("email");