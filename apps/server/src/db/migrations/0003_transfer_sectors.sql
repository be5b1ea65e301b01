CREATE TABLE "user_transfer_sectors" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "user_transfer_sectors_company_id_user_id_sector_id_pk" PRIMARY KEY("company_id","user_id","sector_id")
);
--> statement-breakpoint
ALTER TABLE "user_transfer_sectors" ADD CONSTRAINT "user_transfer_sectors_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_transfer_sectors" ADD CONSTRAINT "user_transfer_sectors_company_id_sector_id_sectors_company_id_id_fk" FOREIGN KEY ("company_id","sector_id") REFERENCES "public"."sectors"("company_id","id") ON DELETE no action ON UPDATE no action;