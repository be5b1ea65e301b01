import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ERROR_CODE } from '@prosa/shared/messages';
import { WEBCHAT_LOGO_MAX_BYTES, WEBCHAT_MSG } from '@prosa/shared/webchat';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { contentMismatch } from '../../platform/file-type';
import { detectImageType, IMAGE_EXTENSIONS } from '../../platform/image-type';
import { findWebchat, findWebchatByCode, setWebchatLogo } from './repository';

type Deps = Pick<AppDeps, 'db' | 'config'>;

const uploadsDir = (deps: Deps) => resolve(deps.config.DATA_DIR, 'uploads');
// The folder of a web chat's logo, relative to the uploads folder (the path stored on the channel).
export const logoFolder = (companyId: number, id: number) => `webchats/${companyId}/${id}`;

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
  await removeLogo(deps, w.logoFile);
  const folder = logoFolder(caller.companyId, w.id);
  const dir = join(uploadsDir(deps), folder);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // A new name on each upload lets browsers cache the logo forever and still see a new one.
  const file = `logo-${Date.now()}.${type.ext}`;
  await writeFile(join(dir, file), input.data);
  await setWebchatLogo(deps.db, caller.companyId, w.id, `${folder}/${file}`);
  return { success: true, url: logoUrl(w.code, file) };
}

export async function deleteWebchatLogo(deps: Deps, caller: Caller, webchatId: number) {
  const w = await findWebchat(deps.db, caller.companyId, webchatId);
  if (!w) throw notFound(WEBCHAT_MSG.notFound);
  await removeLogo(deps, w.logoFile);
  await setWebchatLogo(deps.db, caller.companyId, w.id, null);
  return { message: 'Logo removido.' };
}

/** Removes the logo's folder (the path was written by the server: webchats/{company}/{id}/{file}). */
async function removeLogo(deps: Deps, logoFile: string | null) {
  if (!logoFile) return;
  const dir = resolve(uploadsDir(deps), dirname(logoFile));
  if (dir.startsWith(join(uploadsDir(deps), 'webchats'))) await rm(dir, { recursive: true, force: true });
}

/** Public: the widget shows the logo on customer sites. The file name carries a version for caching. */
export function logoUrl(code: string, file: string | null): string | null {
  return file ? `/api/webchat/${code}/logo/${encodeURIComponent(file)}` : null;
}

export async function readWebchatLogo(deps: Deps, code: string) {
  const w = await findWebchatByCode(deps.db, code);
  if (!w?.logoPath) throw notFound();
  if (!w.logoFile) throw notFound();
  const data = await readFile(join(uploadsDir(deps), w.logoFile)).catch(() => null);
  if (!data) throw notFound();
  return { data, mime: detectImageType(data.subarray(0, 16))?.mime ?? 'application/octet-stream' };
}
