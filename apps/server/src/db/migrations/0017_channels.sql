-- One `channels` table for every kind (issue 12, plan 0005 §1). Hand edits after drizzle-kit generate:
--   1. the data of `waent_channels` and `webchats` moves into `channels` before they are dropped;
--   2. WhatsApp Enterprise channels keep their ids (Meta holds /api/webhooks/waent/{id}); a web chat keeps its id
--      unless a WhatsApp channel has it, and then takes a new one, rewritten in contacts, attendances (channel_id and
--      the card id's web_{id}_ prefix), messages (the web:{id}: prefix of message_id) and webchat_visitors;
--   3. a web chat's logo path becomes relative to the uploads folder (its files stay where they are);
--   4. the identity continues after the highest id moved.
CREATE TABLE "channels" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"default_sector_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"route_key" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_sealed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rate_per_second" integer,
	"use_trigger_from_channel_id" integer,
	"status_message" text,
	"profile_picture_path" text,
	"connection_state" text DEFAULT 'none' NOT NULL,
	"connection_since" timestamp with time zone,
	"connection_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "channels_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
INSERT INTO "channels" ("company_id", "id", "kind", "name", "default_sector_id", "active", "route_key", "config",
  "secrets_sealed", "rate_per_second", "created_at", "updated_at", "deleted_at")
OVERRIDING SYSTEM VALUE
SELECT "company_id", "id", 'waent', "name", "default_sector_id", "is_active", "phone_number_id",
  jsonb_build_object('broker', "broker", 'phone_number', "phone_number", 'waba_id', "waba_id",
    'display_name', "display_name", 'verify_token', "verify_token", 'api_base_url', "api_base_url",
    'is_cloud', "is_cloud"),
  jsonb_build_object('access_token', "access_token_sealed", 'app_secret', "app_secret_sealed"),
  "messages_per_second", "created_at", "updated_at", "deleted_at"
FROM "waent_channels";
--> statement-breakpoint
CREATE TEMP TABLE "webchat_id_map" ON COMMIT DROP AS
SELECT w."id" AS "old_id",
  CASE WHEN EXISTS (SELECT 1 FROM "waent_channels" c WHERE c."id" = w."id")
    THEN (SELECT coalesce(max(x."id"), 0) FROM (SELECT "id" FROM "waent_channels" UNION ALL SELECT "id" FROM "webchats") x)
      + row_number() OVER (PARTITION BY EXISTS (SELECT 1 FROM "waent_channels" c WHERE c."id" = w."id") ORDER BY w."id")
    ELSE w."id" END AS "new_id"
FROM "webchats" w;
--> statement-breakpoint
INSERT INTO "channels" ("company_id", "id", "kind", "name", "default_sector_id", "active", "route_key", "config",
  "profile_picture_path", "created_at", "updated_at", "deleted_at")
OVERRIDING SYSTEM VALUE
SELECT w."company_id", m."new_id", 'web', w."name", w."sector_id", w."deleted_at" IS NULL, w."code",
  jsonb_build_object('custom_data', w."custom_data"),
  CASE WHEN w."logo_path" IS NULL THEN NULL
    ELSE 'webchats/' || w."company_id" || '/' || w."id" || '/' || w."logo_path" END,
  w."created_at", w."created_at", w."deleted_at"
FROM "webchats" w JOIN "webchat_id_map" m ON m."old_id" = w."id";
--> statement-breakpoint
UPDATE "contacts" t SET "channel_id" = m."new_id"
FROM "webchat_id_map" m WHERE m."old_id" <> m."new_id" AND t."kind" = 'web' AND t."channel_id" = m."old_id";
--> statement-breakpoint
UPDATE "attendances" t SET "channel_id" = m."new_id",
  "card_id" = 'web_' || m."new_id" || '_' || substr(t."card_id", length('web_' || m."old_id" || '_') + 1)
FROM "webchat_id_map" m WHERE m."old_id" <> m."new_id" AND t."channel_kind" = 'web' AND t."channel_id" = m."old_id";
--> statement-breakpoint
UPDATE "messages" t SET "message_id" = 'web:' || m."new_id" || ':' || substr(t."message_id", length('web:' || m."old_id" || ':') + 1)
FROM "webchat_id_map" m, "attendances" a
WHERE m."old_id" <> m."new_id" AND a."company_id" = t."company_id" AND a."id" = t."attendance_id"
  AND a."channel_kind" = 'web' AND a."channel_id" = m."new_id"
  AND left(t."message_id", length('web:' || m."old_id" || ':')) = 'web:' || m."old_id" || ':';
--> statement-breakpoint
UPDATE "webchat_visitors" t SET "webchat_id" = m."new_id"
FROM "webchat_id_map" m WHERE m."old_id" <> m."new_id" AND t."webchat_id" = m."old_id";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"channels"', 'id'), coalesce((SELECT max("id") FROM "channels"), 0) + 1, false);
--> statement-breakpoint
DROP TABLE "webchats" CASCADE;--> statement-breakpoint
DROP TABLE "waent_channels" CASCADE;--> statement-breakpoint
ALTER TABLE "webchat_visitors" RENAME COLUMN "webchat_id" TO "channel_id";--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_id_uq" ON "channels" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_route_uq" ON "channels" USING btree ("kind","route_key") WHERE "channels"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "channels_company_kind_idx" ON "channels" USING btree ("company_id","kind") WHERE "channels"."deleted_at" IS NULL;