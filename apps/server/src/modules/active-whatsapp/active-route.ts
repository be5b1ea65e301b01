import { channelKey } from '@prosa/shared/contact-keys';
import { activePhone, HSM_MSG } from '@prosa/shared/hsm';
import { MSG } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import { and, eq, isNull } from 'drizzle-orm';
import { userSectors, users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, forbidden } from '../../platform/errors';
import { userSectorIds } from '../auth/repository';
import { findSector } from '../sectors/repository';
import { isBlacklisted } from './blacklist';
import { assertDailyActiveLimit } from './daily-limit';
import { callerMaySendActive, companyAllowsActive } from './permission';

export const SECTOR_NOT_FOUND = 'O setor responsável pelo atendimento não foi localizado.';

/** The refusal of spec 1 §6: the company switch whatsapp-active and the operator's own permission. */
export async function assertMaySendActive(db: AppDeps['db'], caller: Caller) {
  if (!(await companyAllowsActive(db, caller.companyId))) throw forbidden(MSG.forbidden);
  if (!(await callerMaySendActive(db, caller))) throw forbidden(MSG.forbidden);
  await assertDailyActiveLimit(db, caller.companyId);
}

/**
 * The contact's number (spec 1 §5): valid and not blocked on that channel (or on every channel of its kind),
 * else the field's text.
 */
export async function activeTarget(
  db: AppDeps['db'],
  companyId: number,
  ddi: string,
  phone: string,
  on: { prefix: 'waent' | 'waweb'; channelId: number },
) {
  const target = activePhone(ddi, phone);
  if (!target) throw badRequest(HSM_MSG.invalidPhone);
  const contact = channelKey(on.prefix, target.full);
  if (await isBlacklisted(db, companyId, { ...on, contact })) throw badRequest(HSM_MSG.blockedPhone);
  return target;
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

/**
 * Where the attendance an active message opens goes: the chosen sector (an operator only one of theirs, where
 * they can see it) and its responsible.
 */
export async function activeRoute(
  db: AppDeps['db'],
  caller: Caller,
  input: { sector_id: number; responsible_user_id?: number | null },
) {
  const sector = await findSector(db, caller.companyId, input.sector_id);
  if (!sector) throw badRequest(SECTOR_NOT_FOUND);
  if (
    caller.role < ROLE.manager &&
    !(await userSectorIds(db, caller.companyId, caller.userId)).includes(sector.id)
  )
    throw forbidden(MSG.forbidden);
  const responsible = await responsibleOf(db, caller, sector.id, input.responsible_user_id);
  return { sector, responsible };
}
