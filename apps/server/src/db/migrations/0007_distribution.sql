CREATE TABLE "auto_dist_configs" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"chat_per_user" integer DEFAULT 0 NOT NULL,
	"allow_if_answered" boolean DEFAULT true NOT NULL,
	"allow_if_client_not_respond" boolean DEFAULT true NOT NULL,
	"next_cycle_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_cycle_at" timestamp with time zone,
	"last_cycle_assigned" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pause_reasons" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "pause_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "pause_reasons_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_pauses" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "user_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reason_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"exit_reason" text,
	CONSTRAINT "user_pauses_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "sla_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "last_distribution" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auto_dist_configs" ADD CONSTRAINT "auto_dist_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_pauses_open_uq" ON "user_pauses" USING btree ("company_id","user_id") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "user_pauses_user_idx" ON "user_pauses" USING btree ("company_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "attendances_waiting_idx" ON "attendances" USING btree ("company_id","sector_id","priority" DESC NULLS FIRST,"queued_at") WHERE closed_at IS NULL AND operator_assigned_id IS NULL;