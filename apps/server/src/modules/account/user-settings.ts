import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';

/** The user's own screen preferences (history columns, list or grid cards), kept on the server per user. */
export async function getUserSettings(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const [row] = await deps.db
    .select({ settings: users.settings })
    .from(users)
    .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.userId)));
  return row?.settings ?? {};
}

export async function updateUserSettings(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  patch: Record<string, unknown>,
) {
  const current = await getUserSettings(deps, caller);
  const settings = { ...current, ...patch };
  await deps.db
    .update(users)
    .set({ settings, updatedAt: new Date() })
    .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.userId)));
  return settings;
}
