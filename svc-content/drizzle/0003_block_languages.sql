-- Each block in each language apart: what was written before (one text shown in every language, the English
-- edit) becomes the English text; Kiswahili and French go back to the page's own texts.
ALTER TABLE "content"."blocks" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."blocks" ALTER COLUMN "lang" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "content"."blocks" DROP CONSTRAINT "blocks_pkey";--> statement-breakpoint
ALTER TABLE "content"."blocks" ADD CONSTRAINT "blocks_key_lang_pk" PRIMARY KEY("key","lang");--> statement-breakpoint
ALTER TABLE "content"."blocks" ADD CONSTRAINT "blocks_lang_check" CHECK ("content"."blocks"."lang" in ('en', 'sw', 'fr'));
