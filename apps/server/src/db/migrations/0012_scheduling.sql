CREATE TABLE "contact_field_definitions" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "contact_field_definitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"mask" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sector_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_field_definitions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attendance_id" bigint NOT NULL,
	"contact_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"return_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "schedules_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "contact_field_definitions" ADD CONSTRAINT "contact_field_definitions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_field_definitions" ADD CONSTRAINT "contact_field_definitions_company_id_sector_id_sectors_company_id_id_fk" FOREIGN KEY ("company_id","sector_id") REFERENCES "public"."sectors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_attendance_id_attendances_company_id_id_fk" FOREIGN KEY ("company_id","attendance_id") REFERENCES "public"."attendances"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_sector_id_sectors_company_id_id_fk" FOREIGN KEY ("company_id","sector_id") REFERENCES "public"."sectors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_field_definitions_key_uq" ON "contact_field_definitions" USING btree ("company_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_open_attendance_uq" ON "schedules" USING btree ("company_id","attendance_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "schedules_open_due_idx" ON "schedules" USING btree ("return_at") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "schedules_contact_idx" ON "schedules" USING btree ("company_id","contact_id","return_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedules_attendance_idx" ON "schedules" USING btree ("company_id","attendance_id","done_at");