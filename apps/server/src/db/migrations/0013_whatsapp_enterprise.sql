CREATE TABLE "active_send_permissions" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "active_send_permissions_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "active_sends" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "active_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"attendance_id" bigint,
	"phone" text NOT NULL,
	"template_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "active_sends_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "hsm_template_companies" (
	"template_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "hsm_template_companies_template_id_company_id_pk" PRIMARY KEY("template_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "hsm_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hsm_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_company_id" integer NOT NULL,
	"all_companies" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"element_name" text NOT NULL,
	"namespace" text,
	"language" text DEFAULT 'pt_BR' NOT NULL,
	"category" text DEFAULT 'UTILITY' NOT NULL,
	"template" text NOT NULL,
	"template_type" text DEFAULT 'headers' NOT NULL,
	"auth_type" text,
	"header_type" text,
	"header_template" text,
	"header_media_key" text,
	"use_in_poll" boolean DEFAULT false NOT NULL,
	"waba_id" text,
	"external_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waent_channels" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "waent_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"default_sector_id" integer NOT NULL,
	"broker" text DEFAULT 'meta' NOT NULL,
	"phone_number" text,
	"phone_number_id" text NOT NULL,
	"waba_id" text NOT NULL,
	"display_name" text,
	"access_token_sealed" text NOT NULL,
	"app_secret_sealed" text NOT NULL,
	"verify_token" text NOT NULL,
	"api_base_url" text DEFAULT 'https://graph.facebook.com/v19.0' NOT NULL,
	"messages_per_second" integer DEFAULT 80 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_cloud" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "waent_channels_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "waent_webhook_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waent_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "hsm_template_companies" ADD CONSTRAINT "hsm_template_companies_template_id_hsm_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."hsm_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsm_template_companies" ADD CONSTRAINT "hsm_template_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsm_templates" ADD CONSTRAINT "hsm_templates_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waent_channels" ADD CONSTRAINT "waent_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "active_sends_day_idx" ON "active_sends" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "hsm_template_companies_company_idx" ON "hsm_template_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "hsm_templates_owner_idx" ON "hsm_templates" USING btree ("owner_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waent_channels_id_uq" ON "waent_channels" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "waent_channels_number_uq" ON "waent_channels" USING btree ("phone_number_id") WHERE "waent_channels"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "waent_webhook_events_pending_idx" ON "waent_webhook_events" USING btree ("received_at") WHERE "waent_webhook_events"."processed_at" IS NULL;