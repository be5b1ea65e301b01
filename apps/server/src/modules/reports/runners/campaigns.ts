import { campaignStatusLabel } from '@prosa/shared/campaigns';
import { REPORTS, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import { campaignPercent } from '../../campaigns/repository';
import type { ReportRunner } from '../types';
import { channelNameSql, pageInfo, slicePage } from './part2-helpers';

// Campaigns with activity in the period (created, started, or a contact sent in it), with their recipients by
// state. A recipient "replied" when its contact on the campaign's channel wrote after the send.

const COLUMNS: TReportTable['columns'] = [
  { key: 'title', label: 'Campanha', kind: 'text' },
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'contacts', label: 'Contatos', kind: 'int' },
  { key: 'sent', label: 'Enviados', kind: 'int' },
  { key: 'delivered', label: 'Entregues', kind: 'int' },
  { key: 'read', label: 'Lidos', kind: 'int' },
  { key: 'failed', label: 'Falhas', kind: 'int' },
  { key: 'replied', label: 'Responderam', kind: 'int' },
  { key: 'percent', label: 'Percentual', kind: 'percent' },
];

const FAILED = ['failure', 'not_sent', 'blocked', 'invalid', 'expired_time_limit'];
const MEASURES = ['contacts', 'sent', 'delivered', 'read', 'failed', 'replied'] as const;

export const runCampaigns: ReportRunner = async (ctx) => {
  const from = ctx.from.toISOString();
  const to = ctx.to.toISOString();
  const where = sql`
    where k.company_id = ${ctx.companyId} and k.deleted_at is null
      ${ctx.filters.channel_id ? sql`and k.channel_id = ${ctx.filters.channel_id}` : sql``}
      and ((k.created_at >= ${from}::timestamptz and k.created_at < ${to}::timestamptz)
        or (k.started_at >= ${from}::timestamptz and k.started_at < ${to}::timestamptz)
        or exists (select 1 from campaign_contacts s where s.company_id = k.company_id and s.campaign_id = k.id
          and s.sent_at >= ${from}::timestamptz and s.sent_at < ${to}::timestamptz))`;
  const r = await ctx.db.execute<{
    id: number;
    title: string;
    channel: string;
    status: string;
    total_contacts: number;
    processed_contacts: number;
    contacts: number;
    sent: number;
    delivered: number;
    read: number;
    failed: number;
    replied: number;
  }>(sql`
    select k.id, k.title, ${channelNameSql} as channel, k.status, k.total_contacts, k.processed_contacts,
      coalesce(x.contacts, 0)::int as contacts, coalesce(x.sent, 0)::int as sent,
      coalesce(x.delivered, 0)::int as delivered, coalesce(x.read, 0)::int as read,
      coalesce(x.failed, 0)::int as failed, coalesce(x.replied, 0)::int as replied
    from campaigns k
    join channels ch on ch.company_id = k.company_id and ch.id = k.channel_id
    left join lateral (
      select count(*) as contacts,
        count(*) filter (where s.status in ('sent', 'delivered', 'read')) as sent,
        count(*) filter (where s.status in ('delivered', 'read')) as delivered,
        count(*) filter (where s.status = 'read') as read,
        count(*) filter (where s.status in (${sql.join(
          FAILED.map((f) => sql`${f}`),
          sql`, `,
        )})) as failed,
        count(*) filter (where s.sent_at is not null and exists (
          select 1 from contacts c
          join attendances a on a.company_id = c.company_id and a.contact_id = c.id
          join messages m on m.company_id = a.company_id and m.attendance_id = a.id
          where c.company_id = k.company_id and c.channel_id = k.channel_id and c.external_id = s.contact_key
            and m.sender_type = 0 and m.created_at > s.sent_at)) as replied
      from campaign_contacts s where s.company_id = k.company_id and s.campaign_id = k.id
    ) x on true
    ${where}
    order by k.created_at, k.id`);
  const rows = r.rows.map((row) => ({
    title: row.title,
    channel: row.channel,
    status: campaignStatusLabel(row.status),
    contacts: row.contacts,
    sent: row.sent,
    delivered: row.delivered,
    read: row.read,
    failed: row.failed,
    replied: row.replied,
    percent: campaignPercent({
      status: row.status,
      totalContacts: row.total_contacts,
      processedContacts: row.processed_contacts,
    }),
  }));
  const totals = Object.fromEntries(MEASURES.map((m) => [m, rows.reduce((s, row) => s + row[m], 0)]));
  return {
    title: REPORTS.campaigns.title,
    columns: COLUMNS,
    rows: slicePage(ctx, rows),
    totals:
      rows.length > 0
        ? {
            title: 'Total',
            ...totals,
            percent: null,
          }
        : null,
    ...pageInfo(ctx, rows.length),
  };
};
