CREATE TABLE "report_daily" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"sector_id" integer DEFAULT 0 NOT NULL,
	"operator_id" integer DEFAULT 0 NOT NULL,
	"channel_id" integer DEFAULT 0 NOT NULL,
	"status_id" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"first_response_sum" bigint DEFAULT 0 NOT NULL,
	"first_response_count" integer DEFAULT 0 NOT NULL,
	"handling_sum" bigint DEFAULT 0 NOT NULL,
	"handling_count" integer DEFAULT 0 NOT NULL,
	"waiting_sum" bigint DEFAULT 0 NOT NULL,
	"waiting_count" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"sla_breaches" integer DEFAULT 0 NOT NULL,
	"transfers" integer DEFAULT 0 NOT NULL,
	"pauses" integer DEFAULT 0 NOT NULL,
	"pause_seconds" bigint DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"session_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_company_id_day_sector_id_operator_id_channel_id_status_id_pk" PRIMARY KEY("company_id","day","sector_id","operator_id","channel_id","status_id")
);
--> statement-breakpoint
CREATE INDEX "attendance_flows_closed_idx" ON "attendance_flows" USING btree ("company_id","closed_at");