import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ERROR_CODE } from '@prosa/shared/messages';
import { NEWCHAT_MSG, NEWCHAT_UPLOAD_MAX_BYTES } from '@prosa/shared/newchat';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { detectImageType } from '../../platform/image-type';
import { findLiveNewchatByCode, findNewchat } from './repository';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export type NewchatUploadKind = 'image' | 'pdf';

const uploadsDir = (deps: Deps) => resolve(deps.config.DATA_DIR, 'uploads');
const folderOf = (companyId: number, id: number) => join('newchats', String(companyId), String(id));
const FILE_NAME = /^(img|doc)-\d+\.(png|jpg|gif|bmp|pdf)$/;

/** The public address of a NewChat's file: the page, the manifest and the terms link use it. */
export const newchatFileUrl = (code: string, file: string) => `/api/newchat/${code}/files/${file}`;

/**
 * POST /newchat-upload/{image|pdf} (spec 2 §7 "uploads of image and pdf to channel-upload endpoints"): the
 * icons (img192, img512) and the terms-of-use PDF, at most 2 MB, checked by content. The answer's url goes into the
 * channel's settings when the wizard saves.
 */
export async function uploadNewchatFile(
  deps: Deps,
  caller: Caller,
  input: { kind: NewchatUploadKind; channelId: number; data: Buffer; truncated: boolean },
) {
  const n = await findNewchat(deps.db, caller.companyId, input.channelId);
  if (!n) throw notFound(NEWCHAT_MSG.notFound);
  if (input.truncated || input.data.length > NEWCHAT_UPLOAD_MAX_BYTES)
    throw new AppError(ERROR_CODE.validation, NEWCHAT_MSG.imageTooLarge, 413);
  let ext: string;
  if (input.kind === 'image') {
    const type = detectImageType(input.data.subarray(0, 16));
    if (!type) throw badRequest(NEWCHAT_MSG.imageUploadFailed);
    ext = type.ext;
  } else {
    if (input.data.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest(NEWCHAT_MSG.fileInvalid);
    ext = 'pdf';
  }
  const dir = join(uploadsDir(deps), folderOf(n.companyId, n.id));
  await mkdir(dir, { recursive: true });
  // A new name on each upload: browsers may cache the files forever and still see a new one.
  const file = `${input.kind === 'image' ? 'img' : 'doc'}-${Date.now()}.${ext}`;
  await writeFile(join(dir, file), input.data);
  return { success: true, url: newchatFileUrl(n.code, file) };
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
};

/** Public: a live NewChat's file, by its code and the name the upload gave it. */
export async function readNewchatFile(deps: Deps, code: string, file: string) {
  if (!FILE_NAME.test(file)) throw notFound();
  const n = await findLiveNewchatByCode(deps.db, code);
  if (!n) throw notFound();
  const data = await readFile(join(uploadsDir(deps), folderOf(n.companyId, n.id), file)).catch(() => null);
  if (!data) throw notFound();
  return { data, mime: MIME[file.split('.').pop() ?? ''] ?? 'application/octet-stream' };
}
