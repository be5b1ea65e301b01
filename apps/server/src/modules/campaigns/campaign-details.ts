import {
  CAMPAIGN_MSG,
  CONTACT_STATUS_FILTERS,
  CONTACT_STATUSES,
  campaignStatusLabel,
  isCampaignLive,
  type TCampaignContactsPage,
  type TCampaignContactsQuery,
  type TCampaignDetails,
  ZCampaignContactsQuery,
} from '@prosa/shared/campaigns';
import { formatDateTime } from '@prosa/shared/dates';
import { and, asc, count, eq, gt, ilike, inArray, or } from 'drizzle-orm';
import { campaignContacts, campaigns } from '../../db/schema/campaigns';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { displayContact } from './prepare-campaign';
import { type CampaignRow, campaignPercent, companyTimezone, findCampaignRow } from './repository';

// A campaign's progress (spec 3 §3 Details), its recipients page by page, and the report CSV.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A campaign of the caller's company, deleted ones included (their details and report stay readable). */
async function anyCampaign(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number): Promise<CampaignRow> {
  const [row] = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, caller.companyId), eq(campaigns.id, id)))
    .limit(1);
  if (!row) throw notFound(CAMPAIGN_MSG.notFound);
  return row;
}

export async function campaignDetails(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
): Promise<TCampaignDetails> {
  const row = (await findCampaignRow(deps.db, caller.companyId, id)) ?? (await anyCampaign(deps, caller, id));
  const rows = await deps.db
    .select({ status: campaignContacts.status, n: count() })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.companyId, caller.companyId), eq(campaignContacts.campaignId, id)))
    .groupBy(campaignContacts.status);
  const counts: Record<string, number> = Object.fromEntries(CONTACT_STATUSES.map((s) => [s, 0]));
  for (const r of rows) counts[r.status] = r.n;
  const n = (s: string) => counts[s] ?? 0;
  const message =
    row.status === 'finished_without_optin'
      ? CAMPAIGN_MSG.noOptinContacts
      : row.status === 'finished_no_contacts'
        ? CAMPAIGN_MSG.noContacts
        : row.error;
  return {
    campaign_id: row.id,
    status: row.status,
    status_label: campaignStatusLabel(row.status),
    percent: campaignPercent(row),
    total: row.totalContacts,
    processed: row.processedContacts,
    totalSent: n('sent') + n('delivered') + n('read'),
    totalDelivered: n('delivered') + n('read'),
    totalRead: n('read'),
    counts,
    message,
    paused_reason: row.pausedReason,
    live: isCampaignLive(row.status) && !row.deletedAt,
  };
}

export async function campaignContactsPage(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
  query: TCampaignContactsQuery,
): Promise<TCampaignContactsPage> {
  const q = ZCampaignContactsQuery.parse(query);
  await anyCampaign(deps, caller, id);
  const statuses = q.status ? CONTACT_STATUS_FILTERS.find((f) => f.value === q.status)?.statuses : undefined;
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(campaignContacts.companyId, caller.companyId),
    eq(campaignContacts.campaignId, id),
    statuses ? inArray(campaignContacts.status, [...statuses]) : undefined,
    term ? or(ilike(campaignContacts.name, term), ilike(campaignContacts.contactKey, term)) : undefined,
  );
  const [totalRow] = await deps.db.select({ n: count() }).from(campaignContacts).where(where);
  const total = totalRow?.n ?? 0;
  const rows = await deps.db
    .select()
    .from(campaignContacts)
    .where(where)
    .orderBy(asc(campaignContacts.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const from = rows.length ? (q.page - 1) * q.per_page + 1 : 0;
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      contact: displayContact(r.contactKey),
      status: r.status,
      status_label: campaignStatusLabel(r.status),
      attempts: r.attempts,
      sent_at: iso(r.sentAt),
      delivered_at: iso(r.deliveredAt),
      read_at: iso(r.readAt),
      error: r.error,
    })),
    from,
    to: rows.length ? from + rows.length - 1 : 0,
    current_page: q.page,
    per_page: q.per_page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    total,
  };
}

/** "Generate report": the CSV's address, once the campaign has recipients. */
export async function generateReport(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  await anyCampaign(deps, caller, id);
  const [row] = await deps.db
    .select({ n: count() })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.companyId, caller.companyId), eq(campaignContacts.campaignId, id)));
  if (!row?.n) throw badRequest(CAMPAIGN_MSG.noInfo);
  return { success: true, report_url: `/api/campaigns/${id}/report.csv` };
}

const cell = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
// A cell starting with = + - @ is a formula in a spreadsheet: quoted so it reads as text.
const safe = (v: string) => cell(/^[=+\-@]/.test(v) ? `'${v}` : v);

/** The report CSV (';' separated, UTF-8 with BOM): one line per recipient, read in chunks of 5,000. */
export async function campaignReport(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const campaign = await anyCampaign(deps, caller, id);
  const tz = await companyTimezone(deps.db, caller.companyId);
  const when = (d: Date | null) => (d ? formatDateTime(d, tz) : '');
  async function* chunks() {
    yield '\uFEFFNome;Contato;Status;Enviado em;Entregue em;Lido em;Erro\n';
    let after = 0;
    for (;;) {
      const rows = await deps.db
        .select()
        .from(campaignContacts)
        .where(
          and(
            eq(campaignContacts.companyId, caller.companyId),
            eq(campaignContacts.campaignId, campaign.id),
            gt(campaignContacts.id, after),
          ),
        )
        .orderBy(asc(campaignContacts.id))
        .limit(5000);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]?.id ?? after;
      yield rows
        .map(
          (r) =>
            `${[
              safe(r.name),
              safe(displayContact(r.contactKey)),
              campaignStatusLabel(r.status),
              when(r.sentAt),
              when(r.deliveredAt),
              when(r.readAt),
              safe(r.error ?? ''),
            ].join(';')}\n`,
        )
        .join('');
      if (rows.length < 5000) return;
    }
  }
  return { filename: `campanha-${campaign.id}.csv`, chunks: chunks() };
}
