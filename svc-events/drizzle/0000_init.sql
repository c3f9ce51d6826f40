-- Trigram indexes serve the keyword search of the events list.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS "events";
--> statement-breakpoint
CREATE TABLE "events"."events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text NOT NULL,
	"region" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"speaker_name" text DEFAULT '' NOT NULL,
	"speaker_designation" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"zoom_link" text DEFAULT '' NOT NULL,
	"search_text" text NOT NULL,
	"capacity" integer,
	"cpd_points" integer,
	"registration_deadline" timestamp with time zone,
	"poster_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"organizer_name" text NOT NULL,
	"confirmed_count" integer DEFAULT 0 NOT NULL,
	"waitlist_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "events_category_check" CHECK (category in ('Training', 'Meeting', 'Webinar', 'Conference', 'Workshop')),
	CONSTRAINT "events_region_check" CHECK (region in ('Kenya', 'Uganda', 'Tanzania', 'Rwanda', 'Online')),
	CONSTRAINT "events_capacity_check" CHECK (capacity is null or capacity > 0),
	CONSTRAINT "events_cpd_points_check" CHECK (cpd_points is null or cpd_points between 0 and 50),
	CONSTRAINT "events_seats_check" CHECK (confirmed_count >= 0 and waitlist_count >= 0 and (capacity is null or confirmed_count <= capacity))
);
--> statement-breakpoint
CREATE TABLE "events"."outbox" (
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
CREATE TABLE "events"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "events"."registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events"."registrations_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	CONSTRAINT "registrations_status_check" CHECK (status in ('confirmed', 'waitlisted', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "events"."signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"org_id" uuid,
	"designation" text DEFAULT '' NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events"."registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "events"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_live_starts_idx" ON "events"."events" USING btree ("starts_at","id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "events_live_category_starts_idx" ON "events"."events" USING btree ("category","starts_at","id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "events_live_region_starts_idx" ON "events"."events" USING btree ("region","starts_at","id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events"."events" USING gin ("search_text" gin_trgm_ops) WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "events_organizer_starts_idx" ON "events"."events" USING btree ("organizer_id","starts_at");--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "events"."outbox" USING btree ("seq") WHERE sent_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_event_user_active_key" ON "events"."registrations" USING btree ("event_id","user_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "registrations_event_seq_idx" ON "events"."registrations" USING btree ("event_id","seq");--> statement-breakpoint
CREATE INDEX "registrations_user_idx" ON "events"."registrations" USING btree ("user_id","registered_at");