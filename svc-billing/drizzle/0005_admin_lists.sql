CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "organisations_name_trgm_idx" ON "billing"."organisations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisations_email_trgm_idx" ON "billing"."organisations" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_failed_idx" ON "billing"."payments" USING btree ("created_at","id") WHERE status = 'failed';