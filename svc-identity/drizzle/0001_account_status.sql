ALTER TABLE "identity"."users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "identity"."sessions" USING btree ("user_id");