ALTER TABLE "identity"."organisations" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."organisations" ADD COLUMN "verification_reference" text;