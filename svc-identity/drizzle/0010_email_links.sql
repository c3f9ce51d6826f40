CREATE TABLE "identity"."email_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"secret_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."email_links" ADD CONSTRAINT "email_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_links_secret_key" ON "identity"."email_links" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "email_links_user_purpose_created_idx" ON "identity"."email_links" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_links_expires_idx" ON "identity"."email_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "org_invites_org_created_idx" ON "identity"."org_invites" USING btree ("org_id","created_at");