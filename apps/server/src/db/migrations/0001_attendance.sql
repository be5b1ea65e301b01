CREATE TABLE "attendance_views" (
	"company_id" integer NOT NULL,
	"attendance_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_views_company_id_attendance_id_user_id_pk" PRIMARY KEY("company_id","attendance_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "attendances" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "attendances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"card_id" text NOT NULL,
	"protocol" text NOT NULL,
	"contact_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"channel_kind" text NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"sector_id" integer NOT NULL,
	"status_id" integer,
	"auto" boolean DEFAULT false NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"scheduled" smallint DEFAULT 0 NOT NULL,
	"operator_assigned_id" integer,
	"operator_assigned_name" text,
	"busy_client" boolean DEFAULT false NOT NULL,
	"out_of_sla" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"poll_submited" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"last_message_sender" smallint DEFAULT 0 NOT NULL,
	"visitor_offline_since" timestamp with time zone,
	"first_start_chat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_operator_answer_at" timestamp with time zone,
	"latest_operator_answer_at" timestamp with time zone,
	"latest_contact_chat_message_at" timestamp with time zone,
	"response_time" integer,
	"customer_response_counter" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" integer,
	"closed_by_user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendances_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "company_counters" (
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_counters_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attendance_id" bigint NOT NULL,
	"message_id" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"sender_type" smallint NOT NULL,
	"operator_id" integer,
	"operator_name" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"quoted_message_id" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"delivery" text DEFAULT 'sent' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "persons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"edited_name" text,
	"information" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "webchat_visitors" (
	"company_id" integer NOT NULL,
	"id" text NOT NULL,
	"webchat_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"form_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webchat_visitors_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "webchats" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "webchats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sector_id" integer NOT NULL,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "webchats_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_person_id_persons_company_id_id_fk" FOREIGN KEY ("company_id","person_id") REFERENCES "public"."persons"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_attendance_id_attendances_company_id_id_fk" FOREIGN KEY ("company_id","attendance_id") REFERENCES "public"."attendances"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_protocol_uq" ON "attendances" USING btree ("company_id","protocol");--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_open_contact_uq" ON "attendances" USING btree ("company_id","contact_id") WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "attendances_open_sector_idx" ON "attendances" USING btree ("company_id","sector_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "attendances_open_operator_idx" ON "attendances" USING btree ("company_id","operator_assigned_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "attendances_closed_idx" ON "attendances" USING btree ("company_id","closed_at" DESC NULLS LAST) WHERE closed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "attendances_contact_idx" ON "attendances" USING btree ("company_id","contact_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attendances_person_idx" ON "attendances" USING btree ("company_id","person_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_identity_uq" ON "contacts" USING btree ("company_id","kind","channel_id","external_id");--> statement-breakpoint
CREATE INDEX "contacts_person_idx" ON "contacts" USING btree ("company_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_message_id_uq" ON "messages" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE INDEX "messages_attendance_idx" ON "messages" USING btree ("company_id","attendance_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_visitors_token_uq" ON "webchat_visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "webchats_code_uq" ON "webchats" USING btree ("code");