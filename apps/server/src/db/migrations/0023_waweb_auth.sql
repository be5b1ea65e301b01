CREATE TABLE "waweb_auth" (
	"company_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key_id" text NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waweb_auth_channel_id_kind_key_id_pk" PRIMARY KEY("channel_id","kind","key_id")
);
--> statement-breakpoint
ALTER TABLE "waweb_auth" ADD CONSTRAINT "waweb_auth_company_id_channel_id_channels_company_id_id_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."channels"("company_id","id") ON DELETE cascade ON UPDATE no action;