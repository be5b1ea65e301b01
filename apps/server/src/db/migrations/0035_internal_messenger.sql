CREATE TABLE "internal_chats" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "internal_chats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"manager_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unread_operator" integer DEFAULT 0 NOT NULL,
	"unread_manager" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "internal_chats_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "internal_messages" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "internal_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chat_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"text" text NOT NULL,
	"need_answer" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internal_messages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "internal_chats" ADD CONSTRAINT "internal_chats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_messages" ADD CONSTRAINT "internal_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "internal_chats_pair_uq" ON "internal_chats" USING btree ("company_id","manager_id","operator_id");--> statement-breakpoint
CREATE INDEX "internal_chats_operator_idx" ON "internal_chats" USING btree ("company_id","operator_id");--> statement-breakpoint
CREATE INDEX "internal_messages_chat_idx" ON "internal_messages" USING btree ("company_id","chat_id","created_at");--> statement-breakpoint
CREATE INDEX "internal_messages_created_idx" ON "internal_messages" USING btree ("company_id","created_at");