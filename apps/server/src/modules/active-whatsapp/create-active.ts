import { HSM_MSG, missingParams, type ZActiveWhatsappInput } from '@prosa/shared/hsm';
import type { z } from '@prosa/shared/zod';
import { asWaent } from '../../channels/waent/config';
import { activeSends } from '../../db/schema/waent';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findVisibleTemplate } from '../hsm/repository';
import { activeRoute, activeTarget, assertMaySendActive } from './active-route';
import { deliverTemplate } from './deliver-template';
import { openActiveAttendance, phoneRecipient } from './open-attendance';

type Input = z.output<typeof ZActiveWhatsappInput>;

/**
 * POST /create-active-whatsapp-enterprise/{id} (spec 1 §3/§5/§7): validates the number, the template and
 * its parameters, opens (or reuses) the contact's attendance assigned to the responsible in the chosen sector,
 * stores and sends the template, and counts the send for the day.
 */
export async function createActiveWhatsapp(
  deps: Pick<
    AppDeps,
    'db' | 'queue' | 'storage' | 'appSecret' | 'config' | 'channels' | 'channelRepository' | 'outbound'
  >,
  caller: Caller,
  channelId: number,
  input: Input,
) {
  await assertMaySendActive(deps.db, caller);
  const phone = await activeTarget(deps.db, caller.companyId, input.ddi, input.phone, {
    prefix: 'waent',
    channelId,
  });
  // A live, active WhatsApp Enterprise number of the company: the templates are its WABA's.
  const row = asWaent(await deps.channelRepository.find(caller.companyId, channelId));
  if (!row || row.deletedAt !== null || !row.active) throw notFound();
  const template = await findVisibleTemplate(deps.db, caller.companyId, input.template_id);
  if (!template) throw notFound();
  const missing = missingParams(template.template, input.parameters);
  if (missing.length > 0) throw badRequest(HSM_MSG.missingParams(missing));
  const { sector, responsible } = await activeRoute(deps.db, caller, input);

  const { attendance, previous } = await openActiveAttendance(deps.db, {
    caller,
    channel: row,
    to: phoneRecipient(row.id, phone.full, true),
    sectorId: sector.id,
    responsible,
  });

  const result = await deliverTemplate(deps, {
    caller,
    attendance,
    channel: row,
    template,
    values: input.parameters,
    headerMediaKey: input.header_media_key ?? null,
    assign: { sectorId: sector.id, userId: responsible.id, userName: responsible.name },
    previous,
  });
  await deps.db.insert(activeSends).values({
    companyId: caller.companyId,
    userId: caller.userId,
    channelId: row.id,
    attendanceId: attendance.id,
    phone: phone.full,
    templateId: template.id,
  });
  return result;
}
