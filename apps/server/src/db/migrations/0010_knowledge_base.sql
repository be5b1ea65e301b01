-- Trigram index for the knowledge base search (pg_trgm is a trusted contrib extension, also in embedded-postgres).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "control_word_logs" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "control_word_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"attendance_id" bigint,
	"kind" text NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "control_word_logs_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "control_words" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "control_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"word" text NOT NULL,
	"normalized" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "control_words_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_item_tags" (
	"company_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "knowledge_item_tags_company_id_item_id_tag_id_pk" PRIMARY KEY("company_id","item_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_items" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"text" text NOT NULL,
	"search" text NOT NULL,
	"sector_id" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "knowledge_items_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_tags" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tag" text NOT NULL,
	"normalized" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_tags_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "control_word_logs" ADD CONSTRAINT "control_word_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_words" ADD CONSTRAINT "control_words_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_item_tags" ADD CONSTRAINT "knowledge_item_tags_company_id_item_id_knowledge_items_company_id_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."knowledge_items"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_item_tags" ADD CONSTRAINT "knowledge_item_tags_company_id_tag_id_knowledge_tags_company_id_id_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."knowledge_tags"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD CONSTRAINT "knowledge_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD CONSTRAINT "knowledge_items_company_id_sector_id_sectors_company_id_id_fk" FOREIGN KEY ("company_id","sector_id") REFERENCES "public"."sectors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_tags" ADD CONSTRAINT "knowledge_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_word_logs_created_idx" ON "control_word_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "control_words_normalized_idx" ON "control_words" USING btree ("company_id","normalized");--> statement-breakpoint
CREATE INDEX "knowledge_item_tags_tag_idx" ON "knowledge_item_tags" USING btree ("company_id","tag_id");--> statement-breakpoint
CREATE INDEX "knowledge_items_search_idx" ON "knowledge_items" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_items_uses_idx" ON "knowledge_items" USING btree ("company_id","uses");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_tags_normalized_idx" ON "knowledge_tags" USING btree ("company_id","normalized");