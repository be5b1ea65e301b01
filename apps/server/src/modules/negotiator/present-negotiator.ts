import { mailingPeriodNote } from '@prosa/shared/mailing';
import {
  type TNegotiator,
  type TNegotiatorFields,
  type TNegotiatorSlip,
  ZNegotiatorFields,
  ZNegotiatorSlip,
} from '@prosa/shared/negotiator';
import type { NegotiatorRow } from '../../db/schema/negotiator';
import type { Db } from '../../platform/db';
import { companyToday } from '../mailing/repository';
import { companyChannels, companyLinks, companyMailings } from './admin-repository';
import { phoneOf } from './link-channels';

// A negotiator as the API answers it, with the names of what it points at (read in one batch for a page). A row
// whose jsonb no longer parses (written by an older version) shows placeholders the form asks to fill again.

const EMPTY_FIELDS: TNegotiatorFields = {
  document: 0,
  name: null,
  debt_description: null,
  debt_amount: 0,
  debt_due_date: null,
  offers: [{ label: 'Oferta 1', amount: 0, installments: null }],
};
const EMPTY_SLIP: TNegotiatorSlip = {
  beneficiary: '-',
  beneficiary_document: '',
  bank_code: '237',
  agency: '0',
  account: '0',
  wallet: '0',
  due_days: 3,
  instructions: '',
};

function readFields(v: unknown): TNegotiatorFields {
  const r = ZNegotiatorFields.safeParse(v);
  return r.success ? r.data : EMPTY_FIELDS;
}
function readSlip(v: unknown): TNegotiatorSlip {
  const r = ZNegotiatorSlip.safeParse(v);
  return r.success ? r.data : EMPTY_SLIP;
}
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export const negotiatorLink = (hash: string) => `/negociar/${hash}`;

export async function presentNegotiators(
  db: Db,
  companyId: number,
  rows: NegotiatorRow[],
): Promise<TNegotiator[]> {
  if (rows.length === 0) return [];
  const [today, mails, links, chans] = await Promise.all([
    companyToday(db, companyId),
    companyMailings(db, companyId, [...new Set(rows.map((r) => r.mailingId))]),
    companyLinks(db, companyId, [...new Set(rows.map((r) => r.multichannelId))]),
    companyChannels(db, companyId, ['waweb', 'waent']),
  ]);
  const mailingById = new Map(mails.map((m) => [m.id, m]));
  const linkById = new Map(links.map((l) => [l.id, l]));
  const channelById = new Map(chans.map((c) => [c.id, c]));
  return rows.map((row) => {
    const m = mailingById.get(row.mailingId);
    const link = linkById.get(row.multichannelId);
    const wa = row.whatsappChannelId ? channelById.get(row.whatsappChannelId) : undefined;
    const body = row.body as Record<string, unknown>;
    return {
      id: row.id,
      name: row.name,
      mailing_id: row.mailingId,
      mailing: m
        ? {
            title: m.title,
            note: mailingPeriodNote(
              { active: m.active, due_date_min: m.dueDateMin, due_date_max: m.dueDateMax },
              today,
            ),
          }
        : null,
      multichannel_id: row.multichannelId,
      multichannel: link ? { name: link.name, hash: link.hash } : null,
      whatsapp_channel_id: row.whatsappChannelId,
      whatsapp: wa ? { phone_number: phoneOf(wa) } : null,
      channel_ids: Array.isArray(row.channelIds) ? row.channelIds : [],
      statuses: {
        validate_document: row.statusValidateDocument,
        emitted_invoice: row.statusEmittedInvoice,
        not_emitted_invoice: row.statusNotEmittedInvoice,
      },
      fields: readFields(row.fields),
      slip: readSlip(row.slip),
      body: { bgimage: str(body.bgimage), logo_image: str(body.logo_image) },
      hash: row.hash,
      link: negotiatorLink(row.hash),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function presentNegotiator(db: Db, companyId: number, row: NegotiatorRow): Promise<TNegotiator> {
  const [one] = await presentNegotiators(db, companyId, [row]);
  if (!one) throw new Error('unreachable');
  return one;
}
