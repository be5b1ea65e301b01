import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ERROR_CODE } from '@prosa/shared/messages';
import { WEBCHAT_LOGO_MAX_BYTES, WEBCHAT_MSG } from '@prosa/shared/webchat';
import { and, eq } from 'drizzle-orm';
import { webchats } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { contentMismatch } from '../../platform/file-type';
import { detectImageType, IMAGE_EXTENSIONS } from '../../platform/image-type';
import { findWebchat, findWebchatByCode } from './repository';

type Deps = Pick<AppDeps, 'db' | 'config'>;

const logoDir = (deps: Deps, companyId: number, id: number) =>
  resolve(deps.config.DATA_DIR, 'uploads', 'webchats', String(companyId), String(id));

/** POST /webchat-upload: the widget logo, at most 2 MB, PNG/JPG/GIF/BMP by content. */
export async function uploadWebchatLogo(
  deps: Deps,
  caller: Caller,
  input: { webchatId: number; name?: string; data: Buffer; truncated: boolean },
) {
  const w = await findWebchat(deps.db, caller.companyId, input.webchatId);
  if (!w) throw notFound(WEBCHAT_MSG.notFound);
  if (input.truncated || input.data.length > WEBCHAT_LOGO_MAX_BYTES)
    throw new AppError(ERROR_CODE.validation, WEBCHAT_MSG.logoTooLarge, 413);
  const type = detectImageType(input.data.subarray(0, 16));
  if (!type) throw badRequest(contentMismatch(input.name, IMAGE_EXTENSIONS) ?? WEBCHAT_MSG.logoInvalid);
  const dir = logoDir(deps, caller.companyId, w.id);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // A new name on each upload lets browsers cache the logo forever and still see a new one.
  const file = `logo-${Date.now()}.${type.ext}`;
  await writeFile(join(dir, file), input.data);
  await deps.db
    .update(webchats)
    .set({ logoPath: file })
    .where(and(eq(webchats.companyId, caller.companyId), eq(webchats.id, w.id)));
  return { success: true, url: logoUrl(w.code, file) };
}

export async function deleteWebchatLogo(deps: Deps, caller: Caller, webchatId: number) {
  const w = await findWebchat(deps.db, caller.companyId, webchatId);
  if (!w) throw notFound(WEBCHAT_MSG.notFound);
  await rm(logoDir(deps, caller.companyId, w.id), { recursive: true, force: true });
  await deps.db
    .update(webchats)
    .set({ logoPath: null })
    .where(and(eq(webchats.companyId, caller.companyId), eq(webchats.id, w.id)));
  return { message: 'Logo removido.' };
}

/** Public: the widget shows the logo on customer sites. The file name carries a version for caching. */
export function logoUrl(code: string, file: string | null): string | null {
  return file ? `/api/webchat/${code}/logo/${encodeURIComponent(file)}` : null;
}

export async function readWebchatLogo(deps: Deps, code: string) {
  const w = await findWebchatByCode(deps.db, code);
  if (!w?.logoPath) throw notFound();
  const data = await readFile(join(logoDir(deps, w.companyId, w.id), w.logoPath)).catch(() => null);
  if (!data) throw notFound();
  return { data, mime: detectImageType(data.subarray(0, 16))?.mime ?? 'application/octet-stream' };
}
