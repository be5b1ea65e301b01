-- Counters of the chat filters read only this index (index-only scan), whatever the size of the history.
-- drizzle's schema builder has no INCLUDE, so this index lives in a hand-written migration.
CREATE INDEX IF NOT EXISTS "attendances_open_counters_idx" ON "attendances" ("company_id", "sector_id", "operator_assigned_id")
  INCLUDE ("unread_count", "answered", "auto", "scheduled", "busy_client", "out_of_sla", "locked", "channel_kind", "visitor_offline_since", "status_id", "contact_id")
  WHERE closed_at IS NULL;
