import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ERROR_CODE } from '@prosa/shared/messages';
import { MULTICHANNEL_LOGO_MAX_BYTES, MULTICHANNEL_MSG } from '@prosa/shared/multichannel';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { contentMismatch } from '../../platform/file-type';
import { detectImageType, IMAGE_EXTENSIONS } from '../../platform/image-type';

type Deps = Pick<AppDeps, 'config'>;

// The widget's logo (POST /multichannel-upload): uploaded before the link is saved (the form of a new link has no
// id yet), so it is stored per company under a random name and the link keeps its URL in widget.logo_image.
const FILE = /^[A-Za-z0-9_-]{16}\.(png|jpg|gif|bmp)$/;
const folder = (deps: Deps, companyId: number) =>
  join(resolve(deps.config.DATA_DIR, 'uploads'), 'multichannel', String(companyId));

export const logoPath = (companyId: number, file: string) => `/api/multichannel/logo/${companyId}/${file}`;

/** A logo URL this company uploaded (a link may only show its own company's logos). */
export function isOwnLogo(companyId: number, url: string): boolean {
  const prefix = `/api/multichannel/logo/${companyId}/`;
  return url.startsWith(prefix) && FILE.test(url.slice(prefix.length));
}

export async function uploadLinkLogo(
  deps: Deps,
  caller: Caller,
  input: { name?: string; data: Buffer; truncated: boolean },
) {
  if (input.truncated || input.data.length > MULTICHANNEL_LOGO_MAX_BYTES)
    throw new AppError(ERROR_CODE.validation, MULTICHANNEL_MSG.logoTooLarge, 413);
  const type = detectImageType(input.data.subarray(0, 16));
  if (!type) throw badRequest(contentMismatch(input.name, IMAGE_EXTENSIONS) ?? MULTICHANNEL_MSG.logoInvalid);
  const ext = type.ext === 'jpeg' ? 'jpg' : type.ext;
  const file = `${randomBytes(12).toString('base64url')}.${ext}`;
  const dir = folder(deps, caller.companyId);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, file), input.data);
  } catch {
    throw new AppError(ERROR_CODE.internal, MULTICHANNEL_MSG.uploadFailed, 500);
  }
  return { success: true, url: logoPath(caller.companyId, file) };
}

export async function readLinkLogo(deps: Deps, companyId: number, file: string) {
  if (!FILE.test(file)) throw notFound();
  const data = await readFile(join(folder(deps, companyId), file)).catch(() => null);
  if (!data) throw notFound();
  return { data, mime: detectImageType(data.subarray(0, 16))?.mime ?? 'application/octet-stream' };
}
