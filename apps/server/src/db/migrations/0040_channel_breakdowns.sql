CREATE TABLE "channel_breakdowns" (
	"company_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_breakdowns_company_id_channel_id_pk" PRIMARY KEY("company_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "channel_breakdowns" ADD CONSTRAINT "channel_breakdowns_company_id_channel_id_channels_company_id_id_fk" FOREIGN KEY ("company_id","channel_id") REFERENCES "public"."channels"("company_id","id") ON DELETE cascade ON UPDATE no action;