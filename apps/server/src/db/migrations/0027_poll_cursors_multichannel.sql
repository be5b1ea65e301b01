CREATE TABLE "channel_poll_cursors" (
	"company_id" integer NOT NULL,
	"channel_id" integer PRIMARY KEY NOT NULL,
	"cursor" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multichannel_links" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "multichannel_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"hash" text NOT NULL,
	"widget" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "multichannel_links_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "channel_poll_cursors" ADD CONSTRAINT "channel_poll_cursors_company_id_channel_id_channels_company_id_id_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."channels"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multichannel_links" ADD CONSTRAINT "multichannel_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "multichannel_links_id_uq" ON "multichannel_links" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "multichannel_links_hash_uq" ON "multichannel_links" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "multichannel_links_company_idx" ON "multichannel_links" USING btree ("company_id","id") WHERE "multichannel_links"."deleted_at" IS NULL;