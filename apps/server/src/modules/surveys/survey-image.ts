import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ERROR_CODE } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import {
  SURVEY_IMAGE_EXTENSIONS,
  SURVEY_IMAGE_MAX_BYTES,
  SURVEY_IMAGE_PATH,
  SURVEY_MSG,
} from '@prosa/shared/surveys-texts';
import { sql } from 'drizzle-orm';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { detectImageType } from '../../platform/image-type';
import { reachesCompany } from './survey-scope';

type Deps = Pick<AppDeps, 'db' | 'config'>;

const imagesDir = (deps: Deps) => resolve(deps.config.DATA_DIR, 'uploads', 'surveys');
const FILE_RE = /^[a-f0-9-]{36}\.(png|jpg)$/;

/** Spec 3 §5, §7: a jpg, jpeg or png (by name and by content) of at most 2 MB; answers success and its url. */
export async function uploadSurveyImage(
  deps: Deps,
  input: { fileName: string; data: Buffer; truncated: boolean },
): Promise<{ success: boolean; url: string }> {
  if (input.truncated || input.data.length > SURVEY_IMAGE_MAX_BYTES)
    throw new AppError(ERROR_CODE.validation, SURVEY_MSG.imageTooLarge, 413);
  const ext = input.fileName.toLowerCase().split('.').pop() ?? '';
  const type = detectImageType(input.data.subarray(0, 16));
  const allowed = (SURVEY_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  if (!allowed || !type || (type.ext !== 'png' && type.ext !== 'jpg'))
    throw badRequest(SURVEY_MSG.invalidImage);
  await mkdir(imagesDir(deps), { recursive: true });
  // A random name: the address says nothing and cannot be guessed.
  const file = `${randomUUID()}.${type.ext}`;
  await writeFile(join(imagesDir(deps), file), input.data);
  return { success: true, url: `${SURVEY_IMAGE_PATH}${file}` };
}

/** Admins see the images they upload; a user sees the image of a survey published to their company. */
export async function readSurveyImage(deps: Deps, caller: Caller, file: string) {
  if (!FILE_RE.test(file)) throw notFound();
  if (caller.role < ROLE.admin) {
    const r = await deps.db.execute(sql`
      select 1 from surveys s where s.image_url = ${SURVEY_IMAGE_PATH + file}
        and ${reachesCompany(caller.companyId)} limit 1`);
    if (r.rows.length === 0) throw notFound();
  }
  const data = await readFile(join(imagesDir(deps), file)).catch(() => null);
  if (!data) throw notFound();
  return { data, mime: detectImageType(data.subarray(0, 16))?.mime ?? 'application/octet-stream' };
}
