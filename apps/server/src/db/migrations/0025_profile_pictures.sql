ALTER TABLE "attendances" ADD COLUMN "profile_pic_public_path" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "profile_pic_key" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "profile_pic_checked_at" timestamp with time zone;