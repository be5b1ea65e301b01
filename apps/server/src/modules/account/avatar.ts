import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ACCOUNT_MSG, AVATAR_MAX_BYTES } from '@prosa/shared/account';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { contentMismatch } from '../../platform/file-type';
import { detectImageType, IMAGE_EXTENSIONS } from '../../platform/image-type';
import { ofCompany } from '../../platform/tenancy';

type Deps = Pick<AppDeps, 'db' | 'config'>;

const avatarDir = (deps: Deps, companyId: number, userId: number) =>
  resolve(deps.config.DATA_DIR, 'uploads', 'avatars', String(companyId), String(userId));

export function avatarUrl(userId: number, file: unknown): string | null {
  return typeof file === 'string' && file ? `/api/users/${userId}/avatar/${encodeURIComponent(file)}` : null;
}

async function settingsOf(deps: Deps, caller: Caller) {
  const [row] = await deps.db
    .select({ settings: users.settings })
    .from(users)
    .where(ofCompany(users, caller.companyId, eq(users.id, caller.userId)));
  return row?.settings ?? {};
}

async function saveSettings(deps: Deps, caller: Caller, settings: Record<string, unknown>) {
  await deps.db
    .update(users)
    .set({ settings, updatedAt: new Date() })
    .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.userId)));
}

/** The profile picture (spec 1 §7 /profile-picture-upload): an image by content, at most 2 MB. */
export async function uploadAvatar(
  deps: Deps,
  caller: Caller,
  input: { name?: string; data: Buffer; truncated: boolean },
) {
  if (input.truncated || input.data.length > AVATAR_MAX_BYTES)
    throw new AppError(ERROR_CODE.validation, ACCOUNT_MSG.avatarTooLarge, 413);
  const type = detectImageType(input.data.subarray(0, 16));
  if (!type) throw badRequest(contentMismatch(input.name, IMAGE_EXTENSIONS) ?? ACCOUNT_MSG.avatarInvalid);
  const dir = avatarDir(deps, caller.companyId, caller.userId);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // A new name per upload: browsers may cache the picture forever and still see a new one.
  const file = `avatar-${Date.now()}.${type.ext}`;
  await writeFile(join(dir, file), input.data);
  await saveSettings(deps, caller, { ...(await settingsOf(deps, caller)), avatar: file });
  return { success: true, url: avatarUrl(caller.userId, file), message: ACCOUNT_MSG.avatarSaved };
}

export async function removeAvatar(deps: Deps, caller: Caller) {
  await rm(avatarDir(deps, caller.companyId, caller.userId), { recursive: true, force: true });
  const { avatar: _removed, ...rest } = await settingsOf(deps, caller);
  await saveSettings(deps, caller, rest);
  return { message: ACCOUNT_MSG.avatarRemoved };
}

/** Pictures are seen by colleagues of the same company only. */
export async function readAvatar(deps: Deps, caller: Caller, userId: number, file: string) {
  const [row] = await deps.db
    .select({ settings: users.settings })
    .from(users)
    .where(ofCompany(users, caller.companyId, eq(users.id, userId)));
  if (!row || row.settings.avatar !== file) throw notFound();
  const data = await readFile(join(avatarDir(deps, caller.companyId, userId), file)).catch(() => null);
  if (!data) throw notFound();
  return { data, mime: detectImageType(data.subarray(0, 16))?.mime ?? 'application/octet-stream' };
}
