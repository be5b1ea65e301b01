import { CAMPAIGN_MSG, campaignField } from '@prosa/shared/campaigns';
import { channelKey } from '@prosa/shared/contact-keys';
import { and, eq, sql } from 'drizzle-orm';
import { campaignContacts, campaigns } from '../../db/schema/campaigns';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { findColumn, mailingColumns, nameColumn } from './mailing-source';
import { type CampaignRow, findCampaignRow } from './repository';
import { findMailing } from './resolve-campaign';

// The campaigns.prepare job's work (issue 18 contract with the engine): lists a pending campaign's recipients
// into campaign_contacts, once per address, marks the invalid, blocked and opted-out ones, and hands the campaign
// to the engine ('scheduled') or ends it when nobody can receive it.

const BATCH = 10_000;
const INVALID_ERROR = 'Endereço inválido.';

/** The mark of a row whose address is not valid: unique per row, shows the raw value. */
export const INVALID_KEY_PREFIX = 'invalid:';
export const invalidKey = (rowNumber: number, raw: string) =>
  `${INVALID_KEY_PREFIX}${rowNumber}:${raw.slice(0, 100)}`;
/** What a contact's address shows: the key, or the raw value of an invalid row. */
export function displayContact(key: string): string {
  if (!key.startsWith(INVALID_KEY_PREFIX)) return key;
  const rest = key.slice(INVALID_KEY_PREFIX.length);
  const i = rest.indexOf(':');
  return i >= 0 ? rest.slice(i + 1) : '';
}

/** A listed row: its number, its key, pending or invalid (name and vars are read from the row by the insert). */
type Recipient = { r: number; k: string; s: 'pending' | 'invalid' };

/** The mailing's rows (filtered), keyed on the campaign's channel, in batches of one INSERT … SELECT each. */
async function fromMailing(tx: Tx, row: CampaignRow) {
  const mailing = row.mailingId ? await findMailing(tx, row.companyId, row.mailingId) : null;
  const fieldName = campaignField({
    channel: row.channel,
    whatsapp: row.whatsapp as { field?: string },
    sms: row.sms as { field?: string },
  });
  const field = mailing && fieldName ? findColumn(mailing, fieldName) : null;
  if (!mailing || !field) return;
  const cols = mailingColumns(mailing);
  // The row's values by label: one jsonb_build_object (≤ 50 columns), else aggregated from the column list.
  const varsOf =
    cols.length <= 50
      ? sql`jsonb_build_object(${sql.join(
          cols.map((c) => sql`${c.label}::text, btrim(coalesce(mr."values"->>${c.index}::int, ''))`),
          sql`, `,
        )})`
      : sql`(select coalesce(jsonb_object_agg(c.label, btrim(coalesce(mr."values"->>c.idx, ''))), '{}'::jsonb)
             from jsonb_to_recordset(${JSON.stringify(cols.map((c) => ({ label: c.label, idx: c.index })))}::jsonb)
               as c(label text, idx int))`;
  const nameCol = nameColumn(mailing);
  const filters = Object.entries(row.filters)
    .map(([name, values]) => {
      const col = findColumn(mailing, name);
      const list = Array.isArray(values) ? values.map((x) => String(x).trim().toLowerCase()) : [];
      return col && list.length ? { index: col.index, values: new Set(list) } : null;
    })
    .filter((f): f is { index: number; values: Set<string> } => f !== null);

  let after = 0;
  for (;;) {
    // Only the address column travels (and the whole row when filters need it).
    const { rows } = await tx.execute<{ row_number: number; v: string | null; vals: unknown[] | null }>(sql`
      select row_number, "values"->>${field.index}::int as v,
        case when ${filters.length > 0} then "values" else null end as vals
      from mailing_rows
      where company_id = ${row.companyId} and mailing_id = ${mailing.id} and row_number > ${after}
      order by row_number limit ${BATCH}`);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.row_number ?? after;
    const list: Recipient[] = [];
    for (const r of rows) {
      if (filters.length) {
        const vals = Array.isArray(r.vals) ? r.vals : [];
        const at = (i: number) =>
          String(vals[i] ?? '')
            .trim()
            .toLowerCase();
        if (filters.some((f) => !f.values.has(at(f.index)))) continue;
      }
      const raw = (r.v ?? '').trim();
      const key = raw ? channelKey(row.channel, raw) : null;
      list.push(
        key
          ? { r: r.row_number, k: key, s: 'pending' }
          : { r: r.row_number, k: invalidKey(r.row_number, raw), s: 'invalid' },
      );
    }
    if (list.length)
      await tx.execute(sql`
        insert into campaign_contacts (company_id, campaign_id, contact_key, name, vars, status, error)
        select ${row.companyId}, ${row.id}, x->>'k',
          ${nameCol ? sql`btrim(coalesce(mr."values"->>${nameCol.index}::int, ''))` : sql`''`},
          ${varsOf},
          x->>'s', case when x->>'s' = 'invalid' then ${INVALID_ERROR} end
        from jsonb_array_elements(${JSON.stringify(list)}::jsonb) with ordinality as e(x, n)
        join mailing_rows mr on mr.company_id = ${row.companyId} and mr.mailing_id = ${mailing.id}
          and mr.row_number = (x->>'r')::int
        order by n
        on conflict (campaign_id, contact_key) do nothing`);
    if (rows.length < BATCH) break;
  }
}

/** The channel's active opt-in subscribers (uid is already a key). */
async function fromSubscribers(tx: Tx, row: CampaignRow) {
  await tx.execute(sql`
    insert into campaign_contacts (company_id, campaign_id, contact_key, name, vars, status)
    select ${row.companyId}, ${row.id}, s.uid, s.name, jsonb_build_object('nome', s.name), 'pending'
    from subscribers s
    where s.company_id = ${row.companyId} and s.channel_id = ${row.channelId} and s.subscriber_status = 'active'
    order by s.id
    on conflict (campaign_id, contact_key) do nothing`);
}

/** Blocked on the blacklist (the channel's kind, this channel or all of the kind) and opted out. */
async function markExcluded(tx: Tx, row: CampaignRow) {
  await tx.execute(sql`
    update campaign_contacts cc set status = 'blocked', updated_at = now()
    from blocked_contacts b
    where cc.company_id = ${row.companyId} and cc.campaign_id = ${row.id} and cc.status = 'pending'
      and b.company_id = ${row.companyId} and b.status = 'accepted' and b.prefix = ${row.channel}
      and (b.channel_id is null or b.channel_id = ${row.channelId}) and b.contact = cc.contact_key`);
  await tx.execute(sql`
    update campaign_contacts cc set status = 'cancelled', updated_at = now()
    from subscribers s
    where cc.company_id = ${row.companyId} and cc.campaign_id = ${row.id} and cc.status = 'pending'
      and s.company_id = ${row.companyId} and s.channel_id = ${row.channelId}
      and s.subscriber_status = 'inactive' and s.uid = cc.contact_key`);
}

/** Runs once per pending campaign (a retry or a second job finds it no longer pending and does nothing). */
export async function prepareCampaign(
  deps: Pick<AppDeps, 'db'>,
  input: { companyId: number; campaignId: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findCampaignRow(tx, input.companyId, input.campaignId, true);
    if (row?.status !== 'pending') return;
    await tx
      .delete(campaignContacts)
      .where(and(eq(campaignContacts.companyId, row.companyId), eq(campaignContacts.campaignId, row.id)));
    if (row.toSubscribers) await fromSubscribers(tx, row);
    else await fromMailing(tx, row);
    await markExcluded(tx, row);

    const counts = await tx
      .select({ status: campaignContacts.status, n: sql<number>`count(*)::int` })
      .from(campaignContacts)
      .where(and(eq(campaignContacts.companyId, row.companyId), eq(campaignContacts.campaignId, row.id)))
      .groupBy(campaignContacts.status);
    const total = counts.reduce((s, c) => s + c.n, 0);
    const sendable = counts.find((c) => c.status === 'pending')?.n ?? 0;
    const now = new Date();
    const done = sendable === 0;
    await tx
      .update(campaigns)
      .set({
        totalContacts: total,
        processedContacts: total - sendable,
        status: done ? (row.toSubscribers ? 'finished_without_optin' : 'finished_no_contacts') : 'scheduled',
        error: done ? (row.toSubscribers ? CAMPAIGN_MSG.noOptinContacts : CAMPAIGN_MSG.noContacts) : null,
        finishedAt: done ? now : null,
        updatedAt: now,
      })
      .where(and(eq(campaigns.companyId, row.companyId), eq(campaigns.id, row.id)));
    await writeFacts(tx, [
      { name: 'campaign.updated', companyId: row.companyId, data: { campaign_id: row.id } },
    ]);
  });
}
