import { ERROR_CODE } from '@prosa/shared/messages';
import { foldText, PROFILE_MSG } from '@prosa/shared/users-admin';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { modulePermissions, profiles } from '../../db/schema/admin';
import { users } from '../../db/schema/users';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';

type Deps = Pick<AppDeps, 'db'>;

/** Profiles of the company with how many users each has, optionally filtered by name (spec 2 §7 search). */
export async function listProfiles(deps: Deps, companyId: number, search?: string) {
  const term = foldText(search ?? '');
  const rows = await deps.db
    .select({ id: profiles.id, name: profiles.name, users: count(users.id) })
    .from(profiles)
    .leftJoin(users, and(eq(users.companyId, profiles.companyId), eq(users.profileId, profiles.id)))
    .where(
      ofCompany(
        profiles,
        companyId,
        term
          ? sql`strpos(translate(lower(${profiles.name}), 'áàâãäåéèêëíìîïóòôõöúùûüçñ', 'aaaaaaeeeeiiiiooooouuuucn'), ${term}) > 0`
          : undefined,
      ),
    )
    .groupBy(profiles.companyId, profiles.id, profiles.name)
    .orderBy(asc(profiles.name), asc(profiles.id));
  return rows.map((r) => ({ ...r, users: Number(r.users) }));
}

async function findProfile(deps: Deps, companyId: number, id: number) {
  const [row] = await deps.db
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(ofCompany(profiles, companyId, eq(profiles.id, id)));
  return row ?? null;
}

/** Names are unique per company, regardless of case. */
async function assertNameFree(deps: Deps, companyId: number, name: string, exceptId?: number) {
  const [row] = await deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      ofCompany(
        profiles,
        companyId,
        eq(sql`lower(${profiles.name})`, name.toLowerCase()),
        exceptId ? ne(profiles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (row) throw new AppError(ERROR_CODE.conflict, PROFILE_MSG.nameTaken, 409);
}

async function profileOut(deps: Deps, companyId: number, id: number) {
  const [found] = (await listProfiles(deps, companyId)).filter((p) => p.id === id);
  if (!found) throw notFound();
  return found;
}

export async function createProfile(deps: Deps, companyId: number, input: { name: string }) {
  await assertNameFree(deps, companyId, input.name);
  const [row] = await deps.db
    .insert(profiles)
    .values({ companyId, name: input.name })
    .returning({ id: profiles.id });
  if (!row) throw new Error('profile insert returned nothing');
  return { message: PROFILE_MSG.saved, profile: await profileOut(deps, companyId, row.id) };
}

export async function updateProfile(deps: Deps, companyId: number, id: number, input: { name: string }) {
  if (!(await findProfile(deps, companyId, id))) throw notFound();
  await assertNameFree(deps, companyId, input.name, id);
  await deps.db
    .update(profiles)
    .set({ name: input.name })
    .where(and(eq(profiles.companyId, companyId), eq(profiles.id, id)));
  return { message: PROFILE_MSG.saved, profile: await profileOut(deps, companyId, id) };
}

/** The profile's users keep their own permissions (if any) and lose the profile's; its grants are removed. */
export async function deleteProfile(deps: Deps, companyId: number, id: number) {
  if (!(await findProfile(deps, companyId, id))) throw notFound();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ profileId: null, updatedAt: new Date() })
      .where(and(eq(users.companyId, companyId), eq(users.profileId, id)));
    await tx
      .delete(modulePermissions)
      .where(
        and(
          eq(modulePermissions.companyId, companyId),
          eq(modulePermissions.targetType, 'profile'),
          eq(modulePermissions.targetId, id),
        ),
      );
    await tx.delete(profiles).where(and(eq(profiles.companyId, companyId), eq(profiles.id, id)));
  });
  return { message: PROFILE_MSG.removed };
}
