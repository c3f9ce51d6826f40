CREATE TABLE "billing"."renewal_steps" (
	"org_id" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"step" text NOT NULL,
	"payment_id" uuid,
	"taken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "renewal_steps_org_id_period_end_step_pk" PRIMARY KEY("org_id","period_end","step")
);
