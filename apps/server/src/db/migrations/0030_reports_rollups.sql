CREATE TABLE "attendance_flows" (
	"company_id" integer NOT NULL,
	"attendance_id" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" integer,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"responsible_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"transfers" integer DEFAULT 0 NOT NULL,
	"closed_booked" jsonb,
	CONSTRAINT "attendance_flows_company_id_attendance_id_pk" PRIMARY KEY("company_id","attendance_id")
);
--> statement-breakpoint
CREATE TABLE "background_reports" (
	"company_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid(),
	"user_id" integer,
	"type" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text,
	"file_path" text,
	"rows" integer,
	"error" text,
	"email_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_reports_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "operator_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_hourly" (
	"company_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
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
	CONSTRAINT "report_hourly_company_id_hour_sector_id_operator_id_channel_id_status_id_pk" PRIMARY KEY("company_id","hour","sector_id","operator_id","channel_id","status_id")
);
--> statement-breakpoint
ALTER TABLE "statuses" ADD COLUMN "success" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "attendance_flows_opened_idx" ON "attendance_flows" USING btree ("company_id","opened_at");--> statement-breakpoint
CREATE INDEX "background_reports_created_idx" ON "background_reports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_open_uq" ON "operator_sessions" USING btree ("company_id","user_id") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "operator_sessions_user_idx" ON "operator_sessions" USING btree ("company_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "report_hourly_operator_idx" ON "report_hourly" USING btree ("company_id","operator_id","hour");