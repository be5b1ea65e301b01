import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ERROR_CODE } from '@prosa/shared/messages';
import { NEGOTIATOR_MSG } from '@prosa/shared/negotiator';
import { NEGOTIATOR_IMAGE_MAX_BYTES } from '@prosa/shared/negotiator-admin';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { detectImageType } from '../../platform/image-type';

type Deps = Pick<AppDeps, 'config'>;

// The hotsite's background and logo (POST /negotiator-upload): uploaded before the negotiator is saved (a new
// one has no id yet), stored per company under a random name, served without login because the public hotsite
// shows them; the negotiator keeps their URLs in body.bgimage / body.logo_image.
const FILE = /^[A-Za-z0-9_-]{16}\.(png|jpg|gif|webp)$/;
const folder = (deps: Deps, companyId: number) =>
  join(resolve(deps.config.DATA_DIR, 'uploads'), 'negotiator', String(companyId));

export const negotiatorImagePath = (companyId: number, file: string) =>
  `/api/negotiator-image/${companyId}/${file}`;

/** An image URL this company uploaded (a negotiator may only show its own company's images). */
export function isOwnNegotiatorImage(companyId: number, url: string): boolean {
  const prefix = `/api/negotiator-image/${companyId}/`;
  return url.startsWith(prefix) && FILE.test(url.slice(prefix.length));
}

/** PNG, JPG, GIF or WEBP by their first bytes, never by the file's name. */
export function negotiatorImageType(head: Buffer): { mime: string; ext: string } | null {
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { mime: 'image/webp', ext: 'webp' };
  const t = detectImageType(head);
  return t && t.ext !== 'bmp' ? t : null;
}

export const tooLarge = () => new AppError(ERROR_CODE.validation, NEGOTIATOR_MSG.uploadTooLarge, 413);

export async function uploadNegotiatorImage(
  deps: Deps,
  caller: Caller,
  input: { data: Buffer; truncated: boolean },
) {
  if (input.truncated || input.data.length > NEGOTIATOR_IMAGE_MAX_BYTES) throw tooLarge();
  const type = negotiatorImageType(input.data.subarray(0, 16));
  if (!type) throw badRequest(NEGOTIATOR_MSG.uploadKind);
  const file = `${randomBytes(12).toString('base64url')}.${type.ext}`;
  const dir = folder(deps, caller.companyId);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, file), input.data);
  } catch {
    throw new AppError(ERROR_CODE.internal, NEGOTIATOR_MSG.uploadFailed, 503);
  }
  return { success: true, url: negotiatorImagePath(caller.companyId, file) };
}

export async function readNegotiatorImage(deps: Deps, companyId: number, file: string) {
  if (!FILE.test(file)) throw notFound();
  const data = await readFile(join(folder(deps, companyId), file)).catch(() => null);
  if (!data) throw notFound();
  return { data, mime: negotiatorImageType(data.subarray(0, 16))?.mime ?? 'application/octet-stream' };
}
