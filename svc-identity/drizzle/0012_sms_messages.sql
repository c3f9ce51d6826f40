CREATE TABLE "identity"."sms_messages" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"phone" text,
	"provider_message_id" text,
	"provider_status" text,
	"cost" text,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "identity"."sms_messages" ADD CONSTRAINT "sms_messages_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "identity"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "identity"."sms_messages" USING btree ("next_attempt_at") WHERE state = 'due';--> statement-breakpoint
CREATE INDEX "sms_messages_user_idx" ON "identity"."sms_messages" USING btree ("user_id");