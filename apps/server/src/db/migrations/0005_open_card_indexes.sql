DROP INDEX "attendances_open_sector_idx";--> statement-breakpoint
DROP INDEX "attendances_open_operator_idx";--> statement-breakpoint
DROP INDEX "attendances_closed_idx";--> statement-breakpoint
DROP INDEX "attendances_contact_idx";--> statement-breakpoint
DROP INDEX "attendances_person_idx";--> statement-breakpoint
DROP INDEX "messages_attendance_idx";--> statement-breakpoint
CREATE INDEX "attendances_open_recent_idx" ON "attendances" USING btree ("company_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "attendances_open_sector_idx" ON "attendances" USING btree ("company_id","sector_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "attendances_open_operator_idx" ON "attendances" USING btree ("company_id","operator_assigned_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "attendances_closed_idx" ON "attendances" USING btree ("company_id","closed_at" DESC NULLS FIRST) WHERE closed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "attendances_contact_idx" ON "attendances" USING btree ("company_id","contact_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "attendances_person_idx" ON "attendances" USING btree ("company_id","person_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_attendance_idx" ON "messages" USING btree ("company_id","attendance_id","id" DESC NULLS FIRST);