CREATE TABLE "core"."contract_code_requests" (
	"contract_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contract_code_requests_idx" ON "core"."contract_code_requests" USING btree ("contract_id","person_id","requested_at");