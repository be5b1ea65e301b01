import { CAMPAIGN_MSG, campaignField, type TCampaignValues, textPlaceholders } from '@prosa/shared/campaigns';
import { paramCount } from '@prosa/shared/hsm';
import { and, count, eq, isNull } from 'drizzle-orm';
import { type campaigns, mailings, subscribers } from '../../db/schema/campaigns';
import { channels } from '../../db/schema/channels';
import type { Db, Tx } from '../../platform/db';
import { badRequest, forbidden } from '../../platform/errors';
import { featureFlagOn } from '../feature-flags/feature-flag-state';
import { findVisibleTemplate } from '../hsm/repository';
import { dayIn, findColumn, mailingCoversPeriod } from './mailing-source';
import { companyTimezone } from './repository';

// The rules of spec 3 §5 that need the database (the shape rules are ZCampaignInput's): the channel of the kind,
// the mailing's state and columns, the template approved with its variables, the subscribers, our own files.

export type CampaignValues = Omit<typeof campaigns.$inferInsert, 'companyId' | 'id'>;

/** Files of campaign messages live under this prefix of the storage (POST /api/campaign-upload). */
export const campaignMediaPrefix = (companyId: number) => `campaigns/${companyId}/`;

export const isApproved = (t: { externalStatus: string | null }) =>
  t.externalStatus === null || t.externalStatus.toUpperCase() === 'APPROVED';

export async function findCompanyChannel(db: Db | Tx, companyId: number, id: number, kind: string) {
  const [row] = await db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.companyId, companyId),
        eq(channels.id, id),
        eq(channels.kind, kind),
        isNull(channels.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findMailing(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(mailings)
    .where(and(eq(mailings.companyId, companyId), eq(mailings.id, id), isNull(mailings.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function activeSubscribers(db: Db | Tx, companyId: number, channelId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.companyId, companyId),
        eq(subscribers.channelId, channelId),
        eq(subscribers.subscriberStatus, 'active'),
      ),
    );
  return row?.n ?? 0;
}

export async function resolveCampaign(
  db: Db | Tx,
  companyId: number,
  v: TCampaignValues,
): Promise<CampaignValues> {
  // Feature flag sms_campaign (spec 3 §7): off, SMS campaigns are neither created nor changed.
  if (v.channel === 'sms' && !(await featureFlagOn(db, companyId, 'sms_campaign')))
    throw forbidden(CAMPAIGN_MSG.smsDisabled);
  const channelId = v.channel === 'sms' ? (v.sms?.broker ?? 0) : (v.channel_id ?? 0);
  const channel = await findCompanyChannel(db, companyId, channelId, v.channel);
  if (!channel)
    throw badRequest(v.channel === 'sms' ? CAMPAIGN_MSG.brokerRequired : CAMPAIGN_MSG.channelInvalid);

  const field = campaignField(v);
  let mailing: Awaited<ReturnType<typeof findMailing>> = null;
  if (!v.to_subscribers) {
    mailing = await findMailing(db, companyId, v.mailing_id ?? 0);
    if (!mailing) throw badRequest(CAMPAIGN_MSG.mailingNotFound);
    if (mailing.processing !== 'done') throw badRequest(CAMPAIGN_MSG.mailingNotReady);
    const tz = await companyTimezone(db, companyId);
    const start = new Date(v.schedule_date ?? v.valid_from ?? Date.now());
    const end = v.valid_to ? new Date(v.valid_to) : start;
    if (!mailingCoversPeriod(mailing, dayIn(start, tz), dayIn(end, tz)))
      throw badRequest(CAMPAIGN_MSG.mailingInactive);
    if (mailing.rowCount <= 0) throw badRequest(CAMPAIGN_MSG.mailingEmpty);
    if (!field) throw badRequest(CAMPAIGN_MSG.fieldRequired);
    if (!findColumn(mailing, field)) throw badRequest(CAMPAIGN_MSG.fieldInvalid);
    for (const column of Object.keys(v.filters))
      if (!findColumn(mailing, column)) throw badRequest(CAMPAIGN_MSG.filtersInvalid);
  } else if ((await activeSubscribers(db, companyId, channel.id)) === 0) {
    throw badRequest(CAMPAIGN_MSG.noSubscribers);
  }

  const base = {
    title: v.title,
    channel: v.channel,
    channelId: channel.id,
    toSubscribers: v.to_subscribers,
    mailingId: v.to_subscribers ? null : (mailing?.id ?? null),
    filters: v.to_subscribers ? {} : v.filters,
    validFrom: v.valid_from ? new Date(v.valid_from) : null,
    validTo: v.valid_to ? new Date(v.valid_to) : null,
    scheduleDate: v.schedule_date ? new Date(v.schedule_date) : null,
    tries: v.tries,
    useMailingFields: v.use_mailing_fields,
    whatsapp: {},
    sms: {},
  };

  if (v.channel === 'sms') {
    return {
      ...base,
      sms: {
        active: true,
        broker: channel.id,
        field: v.to_subscribers ? null : field,
        message: v.sms?.message ?? '',
      },
    };
  }

  const w = v.whatsapp;
  if (!w) throw badRequest(CAMPAIGN_MSG.activeRequired);
  if (v.channel === 'waent') {
    const template = await findVisibleTemplate(db, companyId, w.hsm_template ?? 0);
    const waba = typeof channel.config.waba_id === 'string' ? channel.config.waba_id : '';
    if (!template || !isApproved(template) || (template.wabaId && waba && template.wabaId !== waba))
      throw badRequest(CAMPAIGN_MSG.templateInvalid);
    const params = paramCount(template.template);
    if (w.mailing_columns.length < params) throw badRequest(CAMPAIGN_MSG.variablesRequired);
    const columns = w.mailing_columns.slice(0, params).map((m) => {
      const column = m.column?.trim();
      if (column) {
        if (v.to_subscribers) throw badRequest(CAMPAIGN_MSG.variablesFixedOnly);
        const found = mailing ? findColumn(mailing, column) : null;
        if (!found) throw badRequest(CAMPAIGN_MSG.variableColumnInvalid(column));
        return { column: found.label };
      }
      const text = m.text?.trim();
      if (!text) throw badRequest(CAMPAIGN_MSG.variablesRequired);
      return { text };
    });
    return {
      ...base,
      whatsapp: {
        active: true,
        campaign_type: 'hsm',
        hsm_campaign: true,
        hsm_template: template.id,
        mailing_columns: columns,
        field: v.to_subscribers ? null : field,
        prefix_channel_id: channel.id,
      },
    };
  }

  const prefix = campaignMediaPrefix(companyId);
  for (const m of w.messages) {
    if (m.type === 'media') {
      if (!m.content.key.startsWith(prefix) || m.content.key.includes('..'))
        throw badRequest(CAMPAIGN_MSG.mediaInvalid);
    } else if (v.use_mailing_fields && mailing) {
      for (const text of [m.content, ...m.variants])
        for (const name of textPlaceholders(text))
          if (!findColumn(mailing, name)) throw badRequest(CAMPAIGN_MSG.variableColumnInvalid(name));
    }
  }
  return {
    ...base,
    whatsapp: {
      active: true,
      campaign_type: 'message',
      messages: w.messages.map((m) =>
        m.type === 'text'
          ? { type: 'text', content: m.content.trim(), variants: m.variants.map((t) => t.trim()) }
          : m,
      ),
      field: v.to_subscribers ? null : field,
      prefix_channel_id: channel.id,
    },
  };
}
