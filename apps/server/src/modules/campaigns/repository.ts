import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  campaignStatusLabel,
  isCampaignEditable,
  isCampaignLive,
  type TCampaign,
} from '@prosa/shared/campaigns';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { campaigns, mailings } from '../../db/schema/campaigns';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';

// Campaign rows: reads scoped to a company, and the shape the API answers.

export type CampaignRow = typeof campaigns.$inferSelect;
export type MailingRow = typeof mailings.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function findCampaignRow(db: Db | Tx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), isNull(campaigns.deletedAt)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function companyTimezone(db: Db | Tx, companyId: number): Promise<string> {
  const [row] = await db
    .select({ tz: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.tz ?? 'America/Sao_Paulo';
}

/** Whether a worker has left a campaign in progress for more than 2 minutes (spec 3 §4: unlock). */
export function isStuck(row: Pick<CampaignRow, 'status' | 'lockedAt'>, now = Date.now()): boolean {
  if (row.status !== 'progress') return false;
  return !row.lockedAt || now - row.lockedAt.getTime() > CAMPAIGN_LIMITS.unlockAfterMs;
}

export function campaignPercent(row: Pick<CampaignRow, 'status' | 'totalContacts' | 'processedContacts'>) {
  if (row.status === 'finished_without_optin') return 100;
  if (row.totalContacts <= 0) return isCampaignLive(row.status) ? 0 : 100;
  return Math.min(100, Math.floor((row.processedContacts * 100) / row.totalContacts));
}

export function toCampaign(
  row: CampaignRow,
  extra: { channelName: string | null; mailingTitle: string | null },
): TCampaign {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    status_label: campaignStatusLabel(row.status),
    live: isCampaignLive(row.status),
    channel: row.channel,
    channel_id: row.channelId,
    channel_name: extra.channelName,
    to_subscribers: row.toSubscribers,
    mailing_id: row.mailingId,
    mailing:
      row.mailingId !== null && extra.mailingTitle !== null
        ? { id: row.mailingId, title: extra.mailingTitle }
        : null,
    filters: row.filters,
    valid_from: iso(row.validFrom),
    valid_to: iso(row.validTo),
    schedule_date: iso(row.scheduleDate),
    tries: row.tries,
    use_mailing_fields: row.useMailingFields,
    whatsapp: row.whatsapp,
    sms: row.sms,
    total_contacts: row.totalContacts,
    processed_contacts: row.processedContacts,
    percent: campaignPercent(row),
    paused_reason: row.pausedReason,
    error: row.error,
    locked_at: iso(row.lockedAt),
    unlock_count: row.unlockCount,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_edit: isCampaignEditable(row.status),
    can_unlock: isStuck(row),
  };
}

/** Campaign rows with their channel's and mailing's names, as the API answers them. */
export async function presentCampaigns(db: Db | Tx, companyId: number, rows: CampaignRow[]) {
  if (rows.length === 0) return [];
  const channelIds = [...new Set(rows.map((r) => r.channelId))];
  const mailingIds = [...new Set(rows.map((r) => r.mailingId).filter((id): id is number => id !== null))];
  const chs = await db
    .select({ id: channels.id, name: channels.name, deletedAt: channels.deletedAt })
    .from(channels)
    .where(and(eq(channels.companyId, companyId), inArray(channels.id, channelIds)));
  const mls =
    mailingIds.length === 0
      ? []
      : await db
          .select({ id: mailings.id, title: mailings.title })
          .from(mailings)
          .where(and(eq(mailings.companyId, companyId), inArray(mailings.id, mailingIds)));
  const channelName = new Map(chs.map((c) => [c.id, c.deletedAt ? `${c.name} (Excluído)` : c.name]));
  const mailingTitle = new Map(mls.map((m) => [m.id, m.title]));
  return rows.map((r) =>
    toCampaign(r, {
      channelName: channelName.get(r.channelId) ?? null,
      mailingTitle: r.mailingId !== null ? (mailingTitle.get(r.mailingId) ?? null) : null,
    }),
  );
}

export async function presentCampaign(db: Db | Tx, companyId: number, row: CampaignRow) {
  const [c] = await presentCampaigns(db, companyId, [row]);
  if (!c) throw new Error(CAMPAIGN_MSG.notFound);
  return c;
}
