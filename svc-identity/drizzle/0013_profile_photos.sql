CREATE TABLE "identity"."photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_user_key" ON "identity"."photos" USING btree ("user_id");--> statement-breakpoint
-- Photos are uploaded from now on: the links to other sites people gave before are dropped, so no visitor's
-- browser fetches them any more (each projection drops its copies in its own migration).
UPDATE "identity"."users" SET "photo" = '' WHERE "photo" <> '';
