CREATE TABLE "exports" (
	"company_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid(),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_path" text,
	"rows" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "exports_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "exports_user_idx" ON "exports" USING btree ("company_id","user_id","created_at");