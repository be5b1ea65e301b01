import {
  cleanOwnProfile,
  OWN_PROFILE_MSG,
  type TOwnProfile,
  type TOwnProfileInput,
} from '@prosa/shared/account-profile';
import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import { GENDERS, type TGender, USER_MSG } from '@prosa/shared/users-admin';
import { and, eq, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import { verifyPassword } from '../../platform/crypto';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';

type Deps = Pick<AppDeps, 'db'>;

const emailConflict = () => new AppError(ERROR_CODE.conflict, USER_MSG.emailTaken, 409);

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** E-mails sign users in, so they are unique platform-wide (users_email_uq, as the admin's user form checks). */
async function emailTaken(deps: Deps, email: string, exceptUserId: number) {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

async function ownRow(deps: Deps, caller: Caller) {
  const [row] = await deps.db
    .select({
      name: users.name,
      displayName: users.displayName,
      email: users.email,
      gender: users.gender,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.userId)));
  if (!row) throw notFound();
  return row;
}

const toProfile = (row: Awaited<ReturnType<typeof ownRow>>): TOwnProfile => ({
  name: row.name,
  display_name: row.displayName,
  email: row.email,
  gender: GENDERS.includes(row.gender as TGender) ? (row.gender as TGender) : null,
});

/** GET /users/me/profile: the caller's own name, display name, e-mail and gender. */
export async function getOwnProfile(deps: Deps, caller: Caller): Promise<TOwnProfile> {
  return toProfile(await ownRow(deps, caller));
}

/**
 * PUT /users/me/profile: the caller changes their own data, nothing else (role, sectors, profile and company
 * stay). A new e-mail must be free platform-wide (it signs the user in) and needs the current password.
 */
export async function updateOwnProfile(deps: Deps, caller: Caller, input: TOwnProfileInput) {
  const current = await ownRow(deps, caller);
  const v = cleanOwnProfile(input);
  if (v.email !== current.email.toLowerCase()) {
    if (!input.current_password) throw badRequest(OWN_PROFILE_MSG.passwordForEmail);
    if (!(await verifyPassword(current.passwordHash, input.current_password)))
      throw badRequest(MSG.currentPasswordWrong);
    if (await emailTaken(deps, v.email, caller.userId)) throw emailConflict();
  }
  await deps.db
    .update(users)
    .set({
      name: v.name,
      displayName: v.display_name,
      email: v.email,
      gender: v.gender,
      updatedAt: new Date(),
    })
    .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.userId)))
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw emailConflict();
      throw err;
    });
  return { message: OWN_PROFILE_MSG.saved, profile: await getOwnProfile(deps, caller) };
}
