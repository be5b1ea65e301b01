import {
  CAMPAIGN_MSG,
  type TCampaignChannelOption,
  type TCampaignMailingOption,
  type TCampaignTemplateOption,
} from '@prosa/shared/campaigns';
import { channelKey } from '@prosa/shared/contact-keys';
import { paramCount } from '@prosa/shared/hsm';
import { SMS_BROKER_LABEL, type TSmsBroker } from '@prosa/shared/sms';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { contacts } from '../../db/schema/attendance';
import { mailingRows, mailings } from '../../db/schema/campaigns';
import { channels } from '../../db/schema/channels';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { featureFlagOn } from '../feature-flags/feature-flag-state';
import { listVisibleTemplates } from '../hsm/repository';
import { dayIn, findColumn, mailingColumns, mailingCoversPeriod, mailingState } from './mailing-source';
import { companyTimezone } from './repository';
import { activeSubscribers, findCompanyChannel, findMailing, isApproved } from './resolve-campaign';

// The campaign form's option lists and counts (spec 3 §7 Campaign).

type Deps = Pick<AppDeps, 'db'>;

export async function channelsOfKind(
  deps: Deps,
  caller: Caller,
  kind: string,
): Promise<TCampaignChannelOption[]> {
  const rows = await deps.db
    .select({ id: channels.id, name: channels.name, kind: channels.kind })
    .from(channels)
    .where(and(eq(channels.companyId, caller.companyId), eq(channels.kind, kind), isNull(channels.deletedAt)))
    .orderBy(asc(channels.name), asc(channels.id));
  return rows;
}

/** SMS brokers: the company's sms channels; `enabled` follows the feature flag sms_campaign. */
export async function smsBrokers(deps: Deps, caller: Caller) {
  const rows = await deps.db
    .select({ id: channels.id, name: channels.name, kind: channels.kind, config: channels.config })
    .from(channels)
    .where(
      and(eq(channels.companyId, caller.companyId), eq(channels.kind, 'sms'), isNull(channels.deletedAt)),
    )
    .orderBy(asc(channels.name), asc(channels.id));
  return {
    enabled: await featureFlagOn(deps.db, caller.companyId, 'sms_campaign'),
    brokers: rows.map((r) => {
      const broker = typeof r.config.broker === 'string' ? r.config.broker : '';
      return {
        id: r.id,
        name: r.name,
        kind: r.kind,
        provider: SMS_BROKER_LABEL[broker as TSmsBroker] ?? broker,
      };
    }),
  };
}

/** Approved templates the company sees that the channel's WABA may send. */
export async function channelTemplates(
  deps: Deps,
  caller: Caller,
  channelId: number,
): Promise<TCampaignTemplateOption[]> {
  const channel = await findCompanyChannel(deps.db, caller.companyId, channelId, 'waent');
  if (!channel) throw notFound(CAMPAIGN_MSG.channelInvalid);
  const waba = typeof channel.config.waba_id === 'string' ? channel.config.waba_id : '';
  const rows = await listVisibleTemplates(deps.db, caller.companyId);
  return rows
    .filter((t) => isApproved(t) && (!t.wabaId || !waba || t.wabaId === waba))
    .map((t) => ({
      id: t.id,
      name: t.name,
      language: t.language,
      template: t.template,
      params: paramCount(t.template),
    }));
}

/**
 * Mailings ready for a campaign: imported, active and valid during the campaign's period (both days in the
 * company's calendar; no period: today). `include_id` keeps the campaign's own mailing listed with its state.
 */
export async function campaignMailings(
  deps: Deps,
  caller: Caller,
  q: { valid_from?: string; valid_to?: string; include_id?: number },
): Promise<TCampaignMailingOption[]> {
  const tz = await companyTimezone(deps.db, caller.companyId);
  const parse = (v?: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);
  const start = parse(q.valid_from) ?? new Date();
  const end = parse(q.valid_to) ?? start;
  const from = dayIn(start, tz);
  const to = dayIn(end, tz) < from ? from : dayIn(end, tz);
  const today = dayIn(new Date(), tz);
  const rows = await deps.db
    .select()
    .from(mailings)
    .where(and(eq(mailings.companyId, caller.companyId), isNull(mailings.deletedAt)))
    .orderBy(asc(mailings.title), asc(mailings.id));
  return rows
    .filter(
      (m) =>
        m.id === q.include_id ||
        (m.processing === 'done' && m.rowCount > 0 && mailingCoversPeriod(m, from, to)),
    )
    .map((m) => ({
      id: m.id,
      title: m.title,
      state: mailingState(m, today),
      row_count: m.rowCount,
      due_date_min: m.dueDateMin,
      due_date_max: m.dueDateMax,
      params: mailingColumns(m),
    }));
}

/** Rows of a mailing and how many have a valid address in `field` for the channel (spec 3 §7 mailing contacts). */
export async function mailingContactsCount(
  deps: Deps,
  caller: Caller,
  q: { mailing_id: number; field?: string; channel: string },
) {
  const mailing = await findMailing(deps.db, caller.companyId, q.mailing_id);
  if (!mailing) throw notFound(CAMPAIGN_MSG.mailingNotFound);
  const col = q.field ? findColumn(mailing, q.field) : null;
  if (q.field && !col) throw badRequest(CAMPAIGN_MSG.fieldInvalid);
  const total = mailing.rowCount;
  if (!col) return { total, valid: 0 };
  const keys = new Set<string>();
  let after = -1;
  for (;;) {
    const rows = await deps.db.execute<{ row_number: number; v: string | null }>(sql`
      select row_number, "values"->>${col.index}::int as v from mailing_rows
      where company_id = ${caller.companyId} and mailing_id = ${mailing.id} and row_number > ${after}
      order by row_number limit 10000`);
    for (const r of rows.rows) {
      const key = r.v ? channelKey(q.channel, r.v) : null;
      if (key) keys.add(key);
    }
    const last = rows.rows[rows.rows.length - 1];
    if (!last || rows.rows.length < 10000) break;
    after = last.row_number;
  }
  return { total, valid: keys.size };
}

/** Values of a mailing column that start with `value` (filters' autocomplete), at most 20. */
export async function mailingFieldValues(
  deps: Deps,
  caller: Caller,
  input: { mailing_id: number; field: string; value: string },
) {
  const mailing = await findMailing(deps.db, caller.companyId, input.mailing_id);
  if (!mailing) throw notFound(CAMPAIGN_MSG.mailingNotFound);
  const col = findColumn(mailing, input.field);
  if (!col) throw badRequest(CAMPAIGN_MSG.filtersInvalid);
  const like = `${input.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await deps.db.execute<{ v: string }>(sql`
    select distinct "values"->>${col.index}::int as v from ${mailingRows}
    where company_id = ${caller.companyId} and mailing_id = ${mailing.id}
      and coalesce("values"->>${col.index}::int, '') <> ''
      and ("values"->>${col.index}::int) ilike ${like}
    order by 1 limit 20`);
  return { values: rows.rows.map((r) => r.v) };
}

/** Contacts known on a channel (people who wrote to it). */
export async function channelContactCount(deps: Deps, caller: Caller, channelId: number) {
  const [channel] = await deps.db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(eq(channels.companyId, caller.companyId), eq(channels.id, channelId), isNull(channels.deletedAt)),
    );
  if (!channel) throw notFound(CAMPAIGN_MSG.channelInvalid);
  const [row] = await deps.db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.channelId, channelId)));
  return { total: row?.n ?? 0 };
}

/** Active opt-in subscribers of a channel of the campaign's kind. */
export async function subscriberCount(
  deps: Deps,
  caller: Caller,
  q: { campaign_type: string; prefix_channel_id: number },
) {
  const channel = await findCompanyChannel(deps.db, caller.companyId, q.prefix_channel_id, q.campaign_type);
  if (!channel) throw notFound(CAMPAIGN_MSG.channelInvalid);
  return { total: await activeSubscribers(deps.db, caller.companyId, channel.id) };
}
