CREATE TABLE "identity"."org_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "org_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."org_invites" ADD CONSTRAINT "org_invites_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "identity"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."org_invites" ADD CONSTRAINT "org_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "identity"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_invites_pending_key" ON "identity"."org_invites" USING btree ("org_id","email") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "org_invites_org_status_created_idx" ON "identity"."org_invites" USING btree ("org_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "org_invites_email_status_idx" ON "identity"."org_invites" USING btree ("email","status");--> statement-breakpoint
CREATE INDEX "users_org_joined_idx" ON "identity"."users" USING btree ("org_id","org_joined_at" DESC NULLS LAST);