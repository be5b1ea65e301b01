CREATE TABLE "channel_servers" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_ping_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waweb_sessions" (
	"company_id" integer NOT NULL,
	"channel_id" integer PRIMARY KEY NOT NULL,
	"desired" text DEFAULT 'stopped' NOT NULL,
	"state" text DEFAULT 'not-running' NOT NULL,
	"state_since" timestamp with time zone DEFAULT now() NOT NULL,
	"server_id" text,
	"lease_until" timestamp with time zone,
	"qr" text,
	"qr_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "waweb_sessions" ADD CONSTRAINT "waweb_sessions_company_id_channel_id_channels_company_id_id_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."channels"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waweb_sessions_wanted_idx" ON "waweb_sessions" USING btree ("lease_until") WHERE "waweb_sessions"."desired" = 'running';--> statement-breakpoint
CREATE INDEX "waweb_sessions_server_idx" ON "waweb_sessions" USING btree ("server_id");