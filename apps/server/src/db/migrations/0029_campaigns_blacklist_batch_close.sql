CREATE TABLE "batch_close_items" (
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"attendance_id" bigint NOT NULL,
	"contact_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "batch_close_items_company_id_queue_id_attendance_id_pk" PRIMARY KEY("company_id","queue_id","attendance_id")
);
--> statement-breakpoint
CREATE TABLE "batch_close_queues" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "batch_close_queues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'preparing' NOT NULL,
	"action_id" integer NOT NULL,
	"status_id" integer,
	"sector_id" integer,
	"user_id" integer,
	"message" text,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"canceled_by" integer,
	"locked_at" timestamp with time zone,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_close_queues_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "blacklist_history" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "blacklist_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"blocked_contact_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklist_history_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "block_suggestions" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "block_suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prefix" text NOT NULL,
	"channel_id" integer,
	"contact" text NOT NULL,
	"contact_display" text DEFAULT '' NOT NULL,
	"attendance_id" bigint,
	"operator_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decision_description" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_suggestions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "blocked_contacts" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "blocked_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prefix" text NOT NULL,
	"channel_id" integer,
	"contact" text NOT NULL,
	"contact_display" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"block_by" integer,
	"suggest_operator_id" integer,
	"status" text DEFAULT 'accepted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_contacts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_contacts" (
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "campaign_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contact_key" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"variant" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"not_before" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"provider_message_id" text,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_contacts_company_id_campaign_id_id_pk" PRIMARY KEY("company_id","campaign_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"channel" text NOT NULL,
	"channel_id" integer NOT NULL,
	"to_subscribers" boolean DEFAULT false NOT NULL,
	"mailing_id" integer,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"schedule_date" timestamp with time zone,
	"tries" integer DEFAULT 1 NOT NULL,
	"use_mailing_fields" boolean DEFAULT false NOT NULL,
	"whatsapp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_contacts" integer DEFAULT 0 NOT NULL,
	"processed_contacts" integer DEFAULT 0 NOT NULL,
	"paused_reason" text,
	"error" text,
	"locked_at" timestamp with time zone,
	"unlock_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaigns_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "mailing_row_keys" (
	"company_id" integer NOT NULL,
	"mailing_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"key" text NOT NULL,
	"row_number" integer NOT NULL,
	CONSTRAINT "mailing_row_keys_company_id_mailing_id_prefix_key_row_number_pk" PRIMARY KEY("company_id","mailing_id","prefix","key","row_number")
);
--> statement-breakpoint
CREATE TABLE "mailing_rows" (
	"company_id" integer NOT NULL,
	"mailing_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mailing_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"row_number" integer NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "mailing_rows_company_id_mailing_id_row_number_pk" PRIMARY KEY("company_id","mailing_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "mailings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_key" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delimiter" text DEFAULT ';' NOT NULL,
	"encoding" text DEFAULT 'utf-8' NOT NULL,
	"due_date_min" text,
	"due_date_max" text,
	"priorities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processing" text DEFAULT 'pending' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"row_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processing_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "mailings_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "portfolio_contacts" (
	"company_id" integer NOT NULL,
	"portfolio" text NOT NULL,
	"contact_key" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_contacts_company_id_portfolio_contact_key_pk" PRIMARY KEY("company_id","portfolio","contact_key")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "subscribers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel_id" integer NOT NULL,
	"uid" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"subscriber_status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'inbound' NOT NULL,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "hsm_templates" ADD COLUMN "quality_score" text;--> statement-breakpoint
ALTER TABLE "batch_close_queues" ADD CONSTRAINT "batch_close_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_suggestions" ADD CONSTRAINT "block_suggestions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_contacts" ADD CONSTRAINT "blocked_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_company_id_campaign_id_campaigns_company_id_id_fk" FOREIGN KEY ("company_id","campaign_id") REFERENCES "public"."campaigns"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_row_keys" ADD CONSTRAINT "mailing_row_keys_company_id_mailing_id_mailings_company_id_id_fk" FOREIGN KEY ("company_id","mailing_id") REFERENCES "public"."mailings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_rows" ADD CONSTRAINT "mailing_rows_company_id_mailing_id_mailings_company_id_id_fk" FOREIGN KEY ("company_id","mailing_id") REFERENCES "public"."mailings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_company_id_channel_id_channels_company_id_id_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."channels"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_close_items_pending_idx" ON "batch_close_items" USING btree ("company_id","queue_id","status");--> statement-breakpoint
CREATE INDEX "batch_close_queues_company_idx" ON "batch_close_queues" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "blacklist_history_contact_idx" ON "blacklist_history" USING btree ("company_id","blocked_contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "block_suggestions_id_uq" ON "block_suggestions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "block_suggestions_status_idx" ON "block_suggestions" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_contacts_id_uq" ON "blocked_contacts" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_contacts_contact_uq" ON "blocked_contacts" USING btree ("company_id","prefix",coalesce("channel_id", 0),"contact");--> statement-breakpoint
CREATE INDEX "blocked_contacts_lookup_idx" ON "blocked_contacts" USING btree ("company_id","contact") WHERE "blocked_contacts"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_contacts_id_uq" ON "campaign_contacts" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_contacts_key_uq" ON "campaign_contacts" USING btree ("campaign_id","contact_key");--> statement-breakpoint
CREATE INDEX "campaign_contacts_status_idx" ON "campaign_contacts" USING btree ("campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_contacts_provider_idx" ON "campaign_contacts" USING btree ("provider_message_id") WHERE "campaign_contacts"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_id_uq" ON "campaigns" USING btree ("id");--> statement-breakpoint
CREATE INDEX "campaigns_company_idx" ON "campaigns" USING btree ("company_id","created_at") WHERE "campaigns"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status") WHERE "campaigns"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_rows_id_uq" ON "mailing_rows" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailings_id_uq" ON "mailings" USING btree ("id");--> statement-breakpoint
CREATE INDEX "mailings_company_idx" ON "mailings" USING btree ("company_id","id") WHERE "mailings"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "portfolio_contacts_window_idx" ON "portfolio_contacts" USING btree ("company_id","portfolio","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_uid_uq" ON "subscribers" USING btree ("company_id","channel_id","uid");--> statement-breakpoint
CREATE INDEX "subscribers_status_idx" ON "subscribers" USING btree ("company_id","channel_id","subscriber_status","id");