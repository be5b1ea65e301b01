CREATE TABLE "negotiations" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "negotiations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"negotiator_id" integer NOT NULL,
	"source" text NOT NULL,
	"attendance_id" bigint,
	"channel_kind" text,
	"token" text,
	"step" text DEFAULT 'document' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"document" text,
	"debtor_name" text,
	"debts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text,
	"status_id" integer,
	"slip" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "negotiations_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "negotiators" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "negotiators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"mailing_id" integer NOT NULL,
	"multichannel_id" integer NOT NULL,
	"whatsapp_channel_id" integer,
	"channel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_validate_document" integer NOT NULL,
	"status_emitted_invoice" integer NOT NULL,
	"status_not_emitted_invoice" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"slip" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"phrases" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "negotiators_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiators" ADD CONSTRAINT "negotiators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "negotiations_id_uq" ON "negotiations" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "negotiations_token_uq" ON "negotiations" USING btree ("token");--> statement-breakpoint
CREATE INDEX "negotiations_attendance_idx" ON "negotiations" USING btree ("company_id","attendance_id");--> statement-breakpoint
CREATE INDEX "negotiations_started_idx" ON "negotiations" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "negotiators_id_uq" ON "negotiators" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "negotiators_hash_uq" ON "negotiators" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "negotiators_company_idx" ON "negotiators" USING btree ("company_id","id") WHERE "negotiators"."deleted_at" IS NULL;