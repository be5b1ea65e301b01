import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { HSM_MSG, missingParams, type ZSendHsmInput } from '@prosa/shared/hsm';
import { ROLE } from '@prosa/shared/roles';
import type { z } from '@prosa/shared/zod';
import { and, eq } from 'drizzle-orm';
import { asWaent } from '../../channels/waent/config';
import { contacts } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { loadForAction } from '../attendance/load-for-action';
import { findVisibleTemplate } from '../hsm/repository';
import { deliverTemplate } from './deliver-template';

/**
 * send-hsm (spec 1 §7): a template into an open WhatsApp Enterprise attendance — the only message allowed
 * once the 24-hour window is closed. An unassigned card goes to the operator who sends it.
 */
export async function sendHsm(
  deps: Pick<
    AppDeps,
    'db' | 'queue' | 'storage' | 'appSecret' | 'config' | 'channels' | 'channelRepository' | 'outbound'
  >,
  caller: Caller,
  attendanceId: number,
  input: z.output<typeof ZSendHsmInput>,
) {
  const { attendance } = await loadForAction(deps, caller, attendanceId);
  if (!capabilitiesOf(attendance.channelKind).templates) throw badRequest(HSM_MSG.notWaent);
  const row = asWaent(await deps.channelRepository.find(caller.companyId, attendance.channelId));
  if (!row || row.deletedAt !== null) throw notFound();
  const template = await findVisibleTemplate(deps.db, caller.companyId, input.template_id);
  if (!template) throw notFound();
  const missing = missingParams(template.template, input.parameters);
  if (missing.length > 0) throw badRequest(HSM_MSG.missingParams(missing));
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, attendance.contactId)));
  if (!contact) throw notFound();
  const takeOver = attendance.operatorAssignedId === null && caller.role === ROLE.operator;
  return deliverTemplate(deps, {
    caller,
    attendance,
    channel: row,
    template,
    values: input.parameters,
    headerMediaKey: input.header_media_key ?? null,
    ...(takeOver
      ? {
          assign: { sectorId: attendance.sectorId, userId: caller.userId, userName: caller.displayName },
          previous: { sectorId: attendance.sectorId, operatorAssignedId: null },
        }
      : {}),
  });
}
