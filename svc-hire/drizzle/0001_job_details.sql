CREATE TABLE "hire"."saved_jobs" (
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD COLUMN "salary_currency" text DEFAULT 'KES' NOT NULL;--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD COLUMN "salary_period" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD COLUMN "salary_monthly_top" bigint GENERATED ALWAYS AS ((coalesce(salary_max, salary_min) * case salary_period when 'year' then 1.0 / 12 when 'day' then 22 when 'hour' then 176 else 1 end)::bigint) STORED;--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD COLUMN "experience_level" text;--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD COLUMN "closes_at" date;--> statement-breakpoint
-- Existing free-text salaries become figures where they read as one, by the rules of parseSalaryText
-- (@platform/contracts): shillings, per month unless the text says otherwise; "k" is thousands. Texts
-- that do not read as one (another currency, words) keep their text, with no figures.
UPDATE "hire"."jobs" AS j
SET "salary_min" = p.lo, "salary_max" = p.hi, "salary_period" = p.period, "salary_range" = ''
FROM (
	SELECT id, lo, coalesce(hi, lo) AS hi, period FROM (
		SELECT id,
			regexp_replace(m[1], '[,\s]', '', 'g')::numeric * CASE WHEN m[2] IS NULL THEN 1 ELSE 1000 END AS lo,
			regexp_replace(m[3], '[,\s]', '', 'g')::numeric * CASE WHEN m[4] IS NULL THEN 1 ELSE 1000 END AS hi,
			CASE
				WHEN lower(coalesce(m[5], m[6])) IN ('year', 'annum', 'y', 'yearly', 'annually') THEN 'year'
				WHEN lower(coalesce(m[5], m[6])) IN ('day', 'd', 'daily') THEN 'day'
				WHEN lower(coalesce(m[5], m[6])) IN ('hour', 'h', 'hourly') THEN 'hour'
				ELSE 'month'
			END AS period
		FROM "hire"."jobs", regexp_match("salary_range", '^\s*(?:ksh\.?|kes|kshs\.?)?\s*(\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\s*(k))?\s*(?:(?:-|–|to)\s*(?:ksh\.?|kes|kshs\.?)?\s*(\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\s*(k))?)?\s*(?:ksh\.?|kes|kshs\.?)?\s*(?:(?:per|a|/|p\.?)\s*(month|year|day|hour|annum|m|y|d|h)\y\.?|(monthly|yearly|annually|daily|hourly))?\s*$', 'i') AS m
	) AS x
) AS p
WHERE j.id = p.id AND p.lo <= p.hi AND p.hi <= 100000000;--> statement-breakpoint
ALTER TABLE "hire"."saved_jobs" ADD CONSTRAINT "saved_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "hire"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_jobs_user_saved_idx" ON "hire"."saved_jobs" USING btree ("user_id","saved_at" DESC NULLS LAST,"job_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_location_trgm_idx" ON "hire"."jobs" USING gin ("location" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "jobs_location_prefix_idx" ON "hire"."jobs" USING btree (lower("location") text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "jobs_live_salary_idx" ON "hire"."jobs" USING btree ("salary_monthly_top") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "jobs_live_experience_posted_idx" ON "hire"."jobs" USING btree ("experience_level","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "jobs_live_closes_idx" ON "hire"."jobs" USING btree ("closes_at","id") WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD CONSTRAINT "jobs_salary_currency_check" CHECK (salary_currency in ('KES'));--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD CONSTRAINT "jobs_salary_period_check" CHECK (salary_period in ('month', 'year', 'day', 'hour'));--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD CONSTRAINT "jobs_experience_level_check" CHECK (experience_level is null or experience_level in ('entry', 'mid', 'senior'));--> statement-breakpoint
ALTER TABLE "hire"."jobs" ADD CONSTRAINT "jobs_salary_range_check" CHECK ((salary_min is null or salary_min >= 0) and (salary_max is null or salary_max >= 0) and (salary_min is null or salary_max is null or salary_min <= salary_max));