import { mailingPeriodNote } from '@prosa/shared/mailing';
import { NEGOTIATOR_MSG, type ZNegotiatorInput } from '@prosa/shared/negotiator';
import type { z } from '@prosa/shared/zod';
import type { NegotiatorRow } from '../../db/schema/negotiator';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { companyToday } from '../mailing/repository';
import {
  companyChannels,
  companyLinks,
  companyMailings,
  companyStatuses,
  otherNegotiators,
} from './admin-repository';
import { linkChannels, linkNumbers } from './link-channels';
import { isOwnNegotiatorImage } from './negotiator-upload';

export type TSaveInput = z.output<typeof ZNegotiatorInput>;

/**
 * The save rules of spec 3 §5 Negotiator, in the form's order; the first one broken answers 400 with its message.
 * Answers the columns to store (ids resolved, channel_ids computed).
 */
export async function checkNegotiator(
  db: Db,
  companyId: number,
  input: TSaveInput,
  current: NegotiatorRow | null,
) {
  if (input.name.trim() === '') throw badRequest(NEGOTIATOR_MSG.nameRequired);

  if (input.mailing_id === null) throw badRequest(NEGOTIATOR_MSG.mailingRequired);
  const [mailing] = await companyMailings(db, companyId, [input.mailing_id]);
  if (!mailing) throw badRequest(NEGOTIATOR_MSG.mailingUnusable);
  // A newly chosen mailing must be usable today; the one already kept stays allowed.
  if (current?.mailingId !== mailing.id) {
    const today = await companyToday(db, companyId);
    const note = mailingPeriodNote(
      { active: mailing.active, due_date_min: mailing.dueDateMin, due_date_max: mailing.dueDateMax },
      today,
    );
    if (note !== null) throw badRequest(NEGOTIATOR_MSG.mailingUnusable);
  }

  if (input.multichannel_id === null) throw badRequest(NEGOTIATOR_MSG.multichannelRequired);
  const [link] = await companyLinks(db, companyId, [input.multichannel_id]);
  if (!link) throw badRequest(NEGOTIATOR_MSG.multichannelRequired);
  const chans = await companyChannels(db, companyId, ['waweb', 'waent']);
  const numbers = linkNumbers(link.payload, chans);
  const wa = input.whatsapp_channel_id;
  if (wa === null && numbers.length > 0) throw badRequest(NEGOTIATOR_MSG.whatsappRequired);
  if (
    wa !== null &&
    !numbers.some((n) => n.channel_id === wa) &&
    !chans.some((c) => c.kind === 'waent' && c.id === wa)
  )
    throw badRequest(NEGOTIATOR_MSG.whatsappInvalid);

  const { validate_document, emitted_invoice, not_emitted_invoice } = input.statuses;
  if (validate_document === null || emitted_invoice === null || not_emitted_invoice === null)
    throw badRequest(NEGOTIATOR_MSG.statusRequired);
  const chosen = [validate_document, emitted_invoice, not_emitted_invoice];
  if (new Set(chosen).size !== 3) throw badRequest(NEGOTIATOR_MSG.statusDistinct);
  const known = await companyStatuses(db, companyId);
  for (const id of chosen) {
    const s = known.find((k) => k.id === id);
    if (!s) throw badRequest(NEGOTIATOR_MSG.statusRequired);
    if (s.useInBot) throw badRequest(NEGOTIATOR_MSG.statusBot);
  }

  const f = input.fields;
  const columns = [
    f.document,
    f.name,
    f.debt_description,
    f.debt_amount,
    f.debt_due_date,
    ...f.offers.flatMap((o) => [o.amount, o.installments]),
  ];
  if (columns.some((c) => c !== null && c >= mailing.fields.length))
    throw badRequest(NEGOTIATOR_MSG.fieldInvalid);

  for (const url of [input.body.bgimage, input.body.logo_image])
    if (url !== null && url !== '' && !isOwnNegotiatorImage(companyId, url))
      throw badRequest(NEGOTIATOR_MSG.uploadFailed);

  const lc = linkChannels(link.payload);
  const channelIds = [...new Set([lc.webchat, lc.newchat, wa].filter((id): id is number => id !== null))];
  const others = await otherNegotiators(db, companyId, current?.id ?? null);
  if (others.some((o) => (o.channelIds ?? []).some((id) => channelIds.includes(id))))
    throw badRequest(NEGOTIATOR_MSG.channelTaken);

  return {
    name: input.name.trim(),
    mailingId: mailing.id,
    multichannelId: link.id,
    whatsappChannelId: wa,
    channelIds,
    statusValidateDocument: validate_document,
    statusEmittedInvoice: emitted_invoice,
    statusNotEmittedInvoice: not_emitted_invoice,
    fields: f as unknown as Record<string, unknown>,
    slip: input.slip as unknown as Record<string, unknown>,
    body: {
      bgimage: input.body.bgimage || null,
      logo_image: input.body.logo_image || null,
    } as Record<string, unknown>,
  };
}
