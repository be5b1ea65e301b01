import { CAMPAIGN_MSG, campaignField } from '@prosa/shared/campaigns';
import { channelKey } from '@prosa/shared/contact-keys';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { campaignContacts, campaigns, mailingRows } from '../../db/schema/campaigns';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { findColumn, mailingColumns, nameColumn } from './mailing-source';
import { type CampaignRow, findCampaignRow } from './repository';
import { findMailing } from './resolve-campaign';

// The campaigns.prepare job's work (issue 18 contract with the engine): lists a pending campaign's recipients
// into campaign_contacts, once per address, marks the invalid, blocked and opted-out ones, and hands the campaign
// to the engine ('scheduled') or ends it when nobody can receive it.

const BATCH = 5000;

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

type Recipient = {
  k: string;
  n: string;
  v: Record<string, string>;
  s: 'pending' | 'invalid';
  e: string | null;
};

async function insertRecipients(tx: Tx, row: CampaignRow, list: Recipient[]) {
  if (list.length === 0) return;
  await tx.execute(sql`
    insert into campaign_contacts (company_id, campaign_id, contact_key, name, vars, status, error)
    select ${row.companyId}, ${row.id}, r->>'k', r->>'n', r->'v', r->>'s', r->>'e'
    from jsonb_array_elements(${JSON.stringify(list)}::jsonb) with ordinality as e(r, n)
    order by n
    on conflict (campaign_id, contact_key) do nothing`);
}

/** The mailing's rows (filtered), keyed on the campaign's channel, in batches. */
async function fromMailing(tx: Tx, row: CampaignRow) {
  const mailing = row.mailingId ? await findMailing(tx, row.companyId, row.mailingId) : null;
  const fieldName = campaignField({
    channel: row.channel,
    whatsapp: row.whatsapp as { field?: string },
    sms: row.sms as { field?: string },
  });
  const field = mailing && fieldName ? findColumn(mailing, fieldName) : null;
  if (!mailing || !field) return;
  const columns = mailingColumns(mailing);
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
    const rows = await tx
      .select({ rowNumber: mailingRows.rowNumber, values: mailingRows.values })
      .from(mailingRows)
      .where(
        and(
          eq(mailingRows.companyId, row.companyId),
          eq(mailingRows.mailingId, mailing.id),
          gt(mailingRows.rowNumber, after),
        ),
      )
      .orderBy(asc(mailingRows.rowNumber))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.rowNumber ?? after;
    const list: Recipient[] = [];
    for (const r of rows) {
      const values = Array.isArray(r.values) ? r.values : [];
      const at = (i: number) => String(values[i] ?? '').trim();
      if (filters.some((f) => !f.values.has(at(f.index).toLowerCase()))) continue;
      const raw = at(field.index);
      const key = raw ? channelKey(row.channel, raw) : null;
      const vars = Object.fromEntries(columns.map((c) => [c.label, at(c.index)]));
      const name = nameCol ? at(nameCol.index) : '';
      list.push(
        key
          ? { k: key, n: name, v: vars, s: 'pending', e: null }
          : { k: invalidKey(r.rowNumber, raw), n: name, v: vars, s: 'invalid', e: 'Endereço inválido.' },
      );
    }
    await insertRecipients(tx, row, list);
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
