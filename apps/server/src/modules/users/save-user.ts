import { BILLING_ACCESS_SETTING } from '@prosa/shared/billing-texts';
import { CRM_SETTING, normalizeCrmAccess } from '@prosa/shared/crm-texts';
import { ERROR_CODE } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import { cleanUserInput, type TUserClean, type TUserInput, USER_MSG } from '@prosa/shared/users-admin';
import { and, eq, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema/admin';
import { userSectors, users, userTransferSectors } from '../../db/schema/users';
import { noticeSessionsRevoked } from '../../facts/notices';
import { hashPassword } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { revokeUserSessions } from '../auth/repository';
import {
  companySectors,
  emailTaken,
  findManagedUser,
  replaceUserSectors,
  restrictTransferOf,
  userDetail,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** Spec 3 §6: only admins grant or take away a manager's access to the invoices; undefined leaves it as it is. */
const billingGrantOf = (caller: Caller, input: TUserInput) =>
  caller.role >= ROLE.admin ? input.allow_billing_access : undefined;

/** Spec 2 §6: the CRM permission is an admin's to give (write implies view); undefined leaves it as it is. */
const crmGrantOf = (caller: Caller, input: TUserInput) => {
  const crm = caller.role >= ROLE.admin ? input.crm : undefined;
  return crm ? { [CRM_SETTING]: normalizeCrmAccess(crm) } : undefined;
};

const emailConflict = () => new AppError(ERROR_CODE.conflict, USER_MSG.emailTaken, 409);

/** A unique-index violation (the e-mail taken by a concurrent save). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Sectors and profile must be the company's; the role at most the caller's (spec 2 §6). */
async function checkReferences(db: Db, caller: Caller, companyId: number, v: TUserClean) {
  if (v.role > caller.role) throw forbidden(USER_MSG.roleNotAllowed);
  const live = new Set((await companySectors(db, companyId)).map((s) => s.id));
  if ([...v.sectors, ...v.transfer_sectors].some((id) => !live.has(id)))
    throw badRequest(USER_MSG.sectorInvalid);
  if (v.profile_id !== null) {
    const [p] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(ofCompany(profiles, companyId, eq(profiles.id, v.profile_id)));
    if (!p) throw badRequest(USER_MSG.profileInvalid);
  }
}

/** POST /users: the password is set by a manager, so the user must change it at the first login. */
export async function createUser(deps: Deps, caller: Caller, companyId: number, input: TUserInput) {
  const v = cleanUserInput(input);
  await checkReferences(deps.db, caller, companyId, v);
  if (await emailTaken(deps.db, v.email)) throw emailConflict();
  const restrict = await restrictTransferOf(deps.db, companyId);
  const passwordHash = await hashPassword(v.password ?? '');
  const id = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          companyId,
          name: v.name,
          displayName: v.display_name,
          email: v.email,
          passwordHash,
          mustChangePassword: true,
          gender: v.gender,
          role: v.role,
          profileId: v.profile_id,
          settings: {
            ...(billingGrantOf(caller, input) ? { [BILLING_ACCESS_SETTING]: true } : {}),
            ...crmGrantOf(caller, input),
          },
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      await replaceUserSectors(tx, companyId, row.id, userSectors, v.sectors);
      if (restrict) await replaceUserSectors(tx, companyId, row.id, userTransferSectors, v.transfer_sectors);
      return row.id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw emailConflict();
      throw err;
    });
  const user = await userDetail(deps.db, companyId, id, caller.role);
  if (!user) throw notFound();
  return { message: USER_MSG.created, user };
}

/**
 * PATCH /users/{id}: the same fields; a new password makes the user change it at the next login and ends
 * their open sessions. Transfer sectors are kept as they are while the company does not restrict transfers.
 */
export async function updateUser(
  deps: Deps,
  caller: Caller,
  companyId: number,
  userId: number,
  input: TUserInput,
) {
  const current = await findManagedUser(deps.db, companyId, userId, caller.role);
  if (!current) throw notFound();
  const v = cleanUserInput(input);
  await checkReferences(deps.db, caller, companyId, v);
  if (await emailTaken(deps.db, v.email, userId)) throw emailConflict();
  const restrict = await restrictTransferOf(deps.db, companyId);
  const passwordHash = v.password ? await hashPassword(v.password) : null;
  const grant = billingGrantOf(caller, input);
  const crm = crmGrantOf(caller, input);
  const now = new Date();
  await deps.db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          name: v.name,
          displayName: v.display_name,
          email: v.email,
          gender: v.gender,
          role: v.role,
          profileId: v.profile_id,
          updatedAt: now,
          ...(passwordHash ? { passwordHash, passwordChangedAt: now, mustChangePassword: true } : {}),
          ...(grant === undefined && !crm
            ? {}
            : {
                settings: sql`${users.settings} || ${JSON.stringify({
                  ...(grant === undefined ? {} : { [BILLING_ACCESS_SETTING]: grant }),
                  ...crm,
                })}::jsonb`,
              }),
        })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
      await replaceUserSectors(tx, companyId, userId, userSectors, v.sectors);
      if (restrict) await replaceUserSectors(tx, companyId, userId, userTransferSectors, v.transfer_sectors);
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw emailConflict();
      throw err;
    });
  if (passwordHash) await endSessions(deps, companyId, userId, 'password_changed');
  const user = await userDetail(deps.db, companyId, userId, caller.role);
  if (!user) throw notFound();
  return { message: USER_MSG.updated, user };
}

/** PATCH /users/{id}/sectors (sectors, transfer). */
export async function updateUserSectors(
  deps: Deps,
  caller: Caller,
  companyId: number,
  userId: number,
  input: { sectors: number[]; transfer?: number[] },
) {
  const current = await findManagedUser(deps.db, companyId, userId, caller.role);
  if (!current) throw notFound();
  const own = [...new Set(input.sectors)];
  const transfer = [...new Set(input.transfer ?? [])];
  const live = new Set((await companySectors(deps.db, companyId)).map((s) => s.id));
  if ([...own, ...transfer].some((id) => !live.has(id))) throw badRequest(USER_MSG.sectorInvalid);
  const restrict = await restrictTransferOf(deps.db, companyId);
  await deps.db.transaction(async (tx) => {
    await replaceUserSectors(tx, companyId, userId, userSectors, own);
    if (restrict && input.transfer)
      await replaceUserSectors(tx, companyId, userId, userTransferSectors, transfer);
  });
  const user = await userDetail(deps.db, companyId, userId, caller.role);
  if (!user) throw notFound();
  return { message: USER_MSG.sectorsSaved, user };
}

/** Ends every open session of a user and tells their browsers (realtime). */
export async function endSessions(
  deps: Deps,
  companyId: number,
  userId: number,
  reason: 'password_changed' | 'logout',
) {
  const revoked = await revokeUserSessions(deps.db, companyId, userId);
  await noticeSessionsRevoked(deps.db, { companyId, userId, sessionIds: revoked, reason });
}
