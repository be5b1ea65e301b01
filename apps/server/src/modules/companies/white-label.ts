import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { COMPANY_MSG, type TWhiteLabelKey, WHITE_LABEL_MAX_BYTES } from '@prosa/shared/company-admin';
import { ERROR_CODE } from '@prosa/shared/messages';
import { noticeCompanyUpdated } from '../../facts/notices';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { contentMismatch } from '../../platform/file-type';
import { detectImageType, IMAGE_EXTENSIONS } from '../../platform/image-type';
import { whiteLabelUrl } from './company-view';
import { type CompanyRow, findCompany, updateCompany } from './repository';

type Deps = Pick<AppDeps, 'db' | 'config'>;

const dirOf = (deps: Pick<AppDeps, 'config'>, companyId: number) =>
  resolve(deps.config.DATA_DIR, 'uploads', 'companies', String(companyId), 'white-label');

function currentFile(company: CompanyRow, key: TWhiteLabelKey): string | null {
  if (key === 'default_image') return company.defaultImage;
  return company.viewData[key] ?? null;
}

async function store(deps: Deps, company: CompanyRow, key: TWhiteLabelKey, file: string | null) {
  if (key === 'default_image') await updateCompany(deps.db, company.id, { defaultImage: file });
  else {
    const viewData = { ...company.viewData };
    if (file) viewData[key] = file;
    else delete viewData[key];
    await updateCompany(deps.db, company.id, { viewData });
  }
  await noticeCompanyUpdated(deps.db, company.id, ['white_label']);
}

/** POST whitelabel-upload (key, file): logo, login logo or default image; at most 2 MB, an image by content. */
export async function uploadWhiteLabel(
  deps: Deps,
  caller: Caller,
  companyId: number,
  input: { key: TWhiteLabelKey; name?: string; data: Buffer; truncated: boolean },
) {
  const id = await companyScope(deps.db, caller, companyId);
  const company = await findCompany(deps.db, id);
  if (!company) throw notFound();
  if (input.truncated || input.data.length > WHITE_LABEL_MAX_BYTES)
    throw new AppError(ERROR_CODE.validation, COMPANY_MSG.uploadTooLarge, 413);
  const type = detectImageType(input.data.subarray(0, 16));
  if (!type) throw badRequest(contentMismatch(input.name, IMAGE_EXTENSIONS) ?? COMPANY_MSG.uploadInvalid);
  const dir = dirOf(deps, id);
  await mkdir(dir, { recursive: true });
  // A new name per upload: the URL changes, so browsers never show a stale cached image.
  const file = `${input.key}-${Date.now()}.${type.ext}`;
  await writeFile(join(dir, file), input.data);
  const previous = currentFile(company, input.key);
  await store(deps, company, input.key, file);
  if (previous) await rm(join(dir, basename(previous)), { force: true });
  return { url: whiteLabelUrl(id, input.key, file) ?? '' };
}

export async function deleteWhiteLabel(deps: Deps, caller: Caller, companyId: number, key: TWhiteLabelKey) {
  const id = await companyScope(deps.db, caller, companyId);
  const company = await findCompany(deps.db, id);
  if (!company) throw notFound();
  const previous = currentFile(company, key);
  await store(deps, company, key, null);
  if (previous) await rm(join(dirOf(deps, id), basename(previous)), { force: true });
  return { message: COMPANY_MSG.imageRemoved };
}

/** The bytes and type of a stored white-label file of a company, or null when it is gone. */
export async function readWhiteLabelFile(deps: Pick<AppDeps, 'config'>, companyId: number, file: string) {
  const data = await readFile(join(dirOf(deps, companyId), basename(file))).catch(() => null);
  if (!data) return null;
  return { data, mime: detectImageType(data.subarray(0, 16))?.mime ?? 'application/octet-stream' };
}

export async function readWhiteLabel(deps: Deps, caller: Caller, companyId: number, key: TWhiteLabelKey) {
  const id = await companyScope(deps.db, caller, companyId);
  const company = await findCompany(deps.db, id);
  const file = company ? currentFile(company, key) : null;
  if (!file) throw notFound();
  const data = await readFile(join(dirOf(deps, id), basename(file))).catch(() => null);
  if (!data) throw notFound();
  return { data, mime: detectImageType(data.subarray(0, 16))?.mime ?? 'application/octet-stream' };
}
