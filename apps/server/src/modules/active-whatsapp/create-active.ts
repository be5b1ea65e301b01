import { cardIdFor } from '@prosa/shared/channels';
import { activePhone, HSM_MSG, missingParams, type ZActiveWhatsappInput } from '@prosa/shared/hsm';
import { MSG } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import type { z } from '@prosa/shared/zod';
import { and, eq, isNull } from 'drizzle-orm';
import type { OpenChannel } from '../../channels/port';
import { asWaent } from '../../channels/waent/config';
import { attendances, contacts, persons } from '../../db/schema/attendance';
import { userSectors, users } from '../../db/schema/users';
import { activeSends } from '../../db/schema/waent';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { handoverFacts } from '../attendance/attendance-facts';
import { nextCounter } from '../attendance/repository';
import { userSectorIds } from '../auth/repository';
import { findVisibleTemplate } from '../hsm/repository';
import { findSector } from '../sectors/repository';
import { isBlacklisted } from './blacklist';
import { deliverTemplate } from './deliver-template';
import { callerMaySendActive, companyAllowsActive } from './permission';

type Input = z.output<typeof ZActiveWhatsappInput>;

export const SECTOR_NOT_FOUND = 'O setor responsável pelo atendimento não foi localizado.';

/** The refusal of spec 1 §6: the company switch whatsapp-active and the operator's own permission. */
export async function assertMaySendActive(db: AppDeps['db'], caller: Caller) {
  if (!(await companyAllowsActive(db, caller.companyId))) throw forbidden(MSG.forbidden);
  if (!(await callerMaySendActive(db, caller))) throw forbidden(MSG.forbidden);
}

/** Who will answer: the chosen responsible (managers and admins choose; operators take it themselves). */
async function responsibleOf(db: AppDeps['db'], caller: Caller, sectorId: number, wanted?: number | null) {
  const userId = wanted ?? caller.userId;
  if (userId === caller.userId) return { id: caller.userId, name: caller.displayName };
  if (caller.role < ROLE.manager) throw forbidden(MSG.forbidden);
  const [row] = await db
    .select({ id: users.id, name: users.displayName, role: users.role })
    .from(users)
    .innerJoin(
      userSectors,
      and(
        eq(userSectors.companyId, users.companyId),
        eq(userSectors.userId, users.id),
        eq(userSectors.sectorId, sectorId),
      ),
    )
    .where(and(eq(users.companyId, caller.companyId), eq(users.id, userId), isNull(users.inactiveSince)));
  if (!row || row.role > caller.role) throw badRequest(HSM_MSG.required);
  return { id: row.id, name: row.name };
}

async function contactFor(tx: Tx, companyId: number, channel: OpenChannel, phone: string) {
  const key = and(
    eq(contacts.companyId, companyId),
    eq(contacts.kind, channel.kind),
    eq(contacts.channelId, channel.id),
    eq(contacts.externalId, phone),
  );
  const [existing] = await tx.select().from(contacts).where(key).limit(1);
  if (existing) return existing;
  const [person] = await tx
    .insert(persons)
    .values({ companyId, name: phone, phones: [{ phone, is_whatsapp: true }] })
    .returning({ id: persons.id });
  if (!person) throw new Error('person insert returned nothing');
  const [inserted] = await tx
    .insert(contacts)
    .values({
      companyId,
      personId: person.id,
      kind: channel.kind,
      channelId: channel.id,
      externalId: phone,
      name: phone,
      data: { phone },
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [raced] = await tx.select().from(contacts).where(key).limit(1);
  if (!raced) throw new Error('contact vanished');
  return raced;
}

/**
 * POST /create-active-whatsapp-enterprise/{id} (spec 1 §3/§5/§7): validates the number, the template and
 * its parameters, opens (or reuses) the contact's attendance assigned to the responsible in the chosen sector,
 * stores and sends the template, and counts the send for the day.
 */
export async function createActiveWhatsapp(
  deps: Pick<
    AppDeps,
    'db' | 'queue' | 'storage' | 'appSecret' | 'channels' | 'channelRepository' | 'outbound'
  >,
  caller: Caller,
  channelId: number,
  input: Input,
) {
  await assertMaySendActive(deps.db, caller);
  const phone = activePhone(input.ddi, input.phone);
  if (!phone) throw badRequest(HSM_MSG.invalidPhone);
  if (await isBlacklisted(deps.db, caller.companyId, phone.full)) throw badRequest(HSM_MSG.blockedPhone);
  // A live, active WhatsApp Enterprise number of the company: the templates are its WABA's.
  const row = asWaent(await deps.channelRepository.find(caller.companyId, channelId));
  if (!row || row.deletedAt !== null || !row.active) throw notFound();
  const template = await findVisibleTemplate(deps.db, caller.companyId, input.template_id);
  if (!template) throw notFound();
  const missing = missingParams(template.template, input.parameters);
  if (missing.length > 0) throw badRequest(HSM_MSG.missingParams(missing));
  const sector = await findSector(deps.db, caller.companyId, input.sector_id);
  if (!sector) throw badRequest(SECTOR_NOT_FOUND);
  // An operator starts conversations only in their own sectors (where they can see the attendance).
  if (
    caller.role < ROLE.manager &&
    !(await userSectorIds(deps.db, caller.companyId, caller.userId)).includes(sector.id)
  )
    throw forbidden(MSG.forbidden);
  const responsible = await responsibleOf(deps.db, caller, sector.id, input.responsible_user_id);

  const { attendance, previous } = await deps.db.transaction(async (tx) => {
    const contact = await contactFor(tx, caller.companyId, row, phone.full);
    const openKey = and(
      eq(attendances.companyId, caller.companyId),
      eq(attendances.contactId, contact.id),
      isNull(attendances.closedAt),
    );
    const [open] = await tx.select().from(attendances).where(openKey).limit(1).for('update');
    if (open) {
      return {
        attendance: open,
        previous: { sectorId: open.sectorId, operatorAssignedId: open.operatorAssignedId },
      };
    }
    const n = await nextCounter(tx, caller.companyId, 'protocol');
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const [created] = await tx
      .insert(attendances)
      .values({
        companyId: caller.companyId,
        cardId: cardIdFor(row.kind, row.id, phone.full),
        protocol: `${today}${String(n).padStart(6, '0')}`,
        contactId: contact.id,
        personId: contact.personId,
        channelKind: row.kind,
        channelId: row.id,
        name: contact.name,
        sectorId: sector.id,
        operatorAssignedId: responsible.id,
        operatorAssignedName: responsible.name,
        data: { ...contact.data, phone_number: phone.full, channel_id: row.id },
      })
      .returning();
    if (!created) throw new Error('attendance insert returned nothing');
    await writeFacts(tx, [
      {
        companyId: caller.companyId,
        attendanceId: created.id,
        actorUserId: caller.userId,
        name: 'attendance.opened',
        data: { channel_id: row.id, contact_id: contact.id, sector_id: sector.id },
      },
      ...(await handoverFacts(tx, { sectorId: sector.id, operatorAssignedId: null }, created, {
        by: caller.userId,
        reason: 'active',
      })),
    ]);
    return { attendance: created, previous: null };
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
