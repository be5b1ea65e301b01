CREATE TABLE "automation_sessions" (
	"company_id" integer NOT NULL,
	"attendance_id" bigint NOT NULL,
	"holder" text NOT NULL,
	"flow_id" integer,
	"node_id" text,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_sessions_company_id_attendance_id_pk" PRIMARY KEY("company_id","attendance_id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_flow_channels" (
	"company_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"channel_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_flow_channels_company_id_channel_id_pk" PRIMARY KEY("company_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_flows" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "chatbot_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"graph" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "chatbot_flows_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "poll_requests" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "poll_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"poll_id" integer NOT NULL,
	"attendance_id" bigint NOT NULL,
	"contact_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"status_id" integer,
	"operator_id" integer,
	"operator_name" text,
	"sector_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"answer_key" text,
	"answer_value" text,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "poll_requests_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "polls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"question" text NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"possible_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"use_expiration_time" boolean DEFAULT false NOT NULL,
	"time_expire" integer,
	"use_default_message" boolean DEFAULT true NOT NULL,
	"expiration_message" text,
	"hsm_id" integer,
	"answer_order" text DEFAULT 'letters' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "polls_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "triggers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel_id" integer NOT NULL,
	"triggerable_type" text NOT NULL,
	"trigger_type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"trigger_text" text DEFAULT '' NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "triggers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
DROP INDEX "attendances_open_contact_uq";--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "thread_key" text;--> statement-breakpoint
ALTER TABLE "chatbot_flow_channels" ADD CONSTRAINT "chatbot_flow_channels_company_id_channel_id_channels_company_id_id_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."channels"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_flow_channels" ADD CONSTRAINT "chatbot_flow_channels_company_id_flow_id_chatbot_flows_company_id_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."chatbot_flows"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD CONSTRAINT "chatbot_flows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_company_id_channel_id_channels_company_id_id_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."channels"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_flow_channels_flow_idx" ON "chatbot_flow_channels" USING btree ("company_id","flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_flows_id_uq" ON "chatbot_flows" USING btree ("id");--> statement-breakpoint
CREATE INDEX "chatbot_flows_company_idx" ON "chatbot_flows" USING btree ("company_id","id") WHERE "chatbot_flows"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "poll_requests_pending_uq" ON "poll_requests" USING btree ("company_id","contact_id") WHERE "poll_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "poll_requests_poll_idx" ON "poll_requests" USING btree ("company_id","poll_id","asked_at");--> statement-breakpoint
CREATE INDEX "poll_requests_attendance_idx" ON "poll_requests" USING btree ("company_id","attendance_id");--> statement-breakpoint
CREATE INDEX "poll_requests_expiry_idx" ON "poll_requests" USING btree ("expires_at") WHERE "poll_requests"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "polls_id_uq" ON "polls" USING btree ("id");--> statement-breakpoint
CREATE INDEX "polls_company_idx" ON "polls" USING btree ("company_id","id") WHERE "polls"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "triggers_id_uq" ON "triggers" USING btree ("id");--> statement-breakpoint
CREATE INDEX "triggers_channel_idx" ON "triggers" USING btree ("company_id","channel_id","trigger_type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "triggers_kind_uq" ON "triggers" USING btree ("company_id","channel_id","trigger_type") WHERE "triggers"."trigger_type" <> 'text';--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_open_contact_uq" ON "attendances" USING btree ("company_id","contact_id",coalesce(thread_key, '')) WHERE closed_at IS NULL;