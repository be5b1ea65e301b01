import { KEY_PREFIXES } from '@prosa/shared/contact-keys';
import { mailingState, SECTOR_COLUMN } from '@prosa/shared/mailing';
import { TRIGGER_MSG } from '@prosa/shared/triggers';
import { and, eq } from 'drizzle-orm';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import type { Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { companyToday, findMailing, paramsOf } from '../mailing/repository';

/** The channel kind's mailing key prefix (fa, em, waweb, web, sms, waent), or null for kinds a mailing never keys. */
export function mailingPrefixOf(kind: string): string | null {
  return (KEY_PREFIXES as readonly string[]).includes(kind) ? kind : null;
}

/** The index of the mailing's cod_setor column (header or param label), or -1. */
export function sectorColumnOf(fields: string[], labels: { field: number; label: string }[]): number {
  const byHeader = fields.findIndex((f) => f.trim().toLowerCase() === SECTOR_COLUMN);
  if (byHeader >= 0) return byHeader;
  return labels.find((p) => p.label.trim().toLowerCase() === SECTOR_COLUMN)?.field ?? -1;
}

/**
 * Spec 2 §5: a mailing trigger's mailing is the company's, active and within its validity dates; validation reads
 * an existing column and saves into an existing contact field; the sector transfer needs a cod_setor column and a
 * param keyed to the channel's prefix.
 */
export async function assertMailingUsable(
  tx: Tx,
  companyId: number,
  channelKind: string,
  kind: 'mailing_validation' | 'mailing_sector_transfer',
  params: Record<string, unknown>,
) {
  const id = Number(params.mailing_id);
  const mailing = await findMailing(tx, companyId, id);
  if (!mailing) throw badRequest(TRIGGER_MSG.mailingNotFound);
  const state = mailingState(
    { active: mailing.active, due_date_min: mailing.dueDateMin, due_date_max: mailing.dueDateMax },
    await companyToday(tx, companyId),
  );
  if (state !== 'active') throw badRequest(TRIGGER_MSG.mailingNotActive);
  if (kind === 'mailing_validation') {
    if (Number(params.field) >= mailing.fields.length) throw badRequest(TRIGGER_MSG.mailingFieldInvalid);
    if (params.save_metadata === true) {
      const key = String(params.save_field ?? '').trim();
      const [def] = await tx
        .select({ id: contactFieldDefinitions.id })
        .from(contactFieldDefinitions)
        .where(and(eq(contactFieldDefinitions.companyId, companyId), eq(contactFieldDefinitions.key, key)));
      if (!def) throw badRequest(TRIGGER_MSG.saveFieldNotFound);
    }
    return;
  }
  const params_ = paramsOf(mailing);
  if (sectorColumnOf(mailing.fields, params_) < 0) throw badRequest(TRIGGER_MSG.mailingNoSectorColumn);
  const prefix = mailingPrefixOf(channelKind);
  if (!prefix || !params_.some((p) => p.is_key_to_channel.includes(prefix as never)))
    throw badRequest(TRIGGER_MSG.mailingNoChannelKey);
}
