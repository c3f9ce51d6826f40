CREATE TABLE "identity"."login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."login_known_addresses" (
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."login_known_addresses" ADD CONSTRAINT "login_known_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "identity"."login_failures" USING btree ("account","address","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_failed_idx" ON "identity"."login_failures" USING btree ("failed_at");--> statement-breakpoint
CREATE INDEX "login_known_addresses_last_idx" ON "identity"."login_known_addresses" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "identity"."sessions" USING btree ("user_id");