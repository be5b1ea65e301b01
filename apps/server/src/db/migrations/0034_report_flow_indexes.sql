DROP INDEX "attendance_flows_closed_idx";--> statement-breakpoint
CREATE INDEX "attendance_flows_opened_by_idx" ON "attendance_flows" USING btree ("company_id","opened_at","opened_by") WHERE opened_by is not null;--> statement-breakpoint
CREATE INDEX "attendance_flows_closed_idx" ON "attendance_flows" USING btree ("company_id","closed_at","opened_at","responsible_ids");