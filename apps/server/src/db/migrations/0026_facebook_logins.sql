CREATE TABLE "facebook_login_states" (
	"nonce" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_logins" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fb_user_id" text NOT NULL,
	"fb_user_name" text NOT NULL,
	"token_sealed" text NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facebook_login_states" ADD CONSTRAINT "facebook_login_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_logins" ADD CONSTRAINT "facebook_logins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facebook_login_states_expires_idx" ON "facebook_login_states" USING btree ("expires_at");