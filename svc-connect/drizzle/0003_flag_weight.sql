ALTER TABLE "connect"."discussions" ADD COLUMN "flag_weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connect"."flags" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "connect"."discussions" ADD CONSTRAINT "discussions_flag_weight_check" CHECK (flag_weight >= 0);