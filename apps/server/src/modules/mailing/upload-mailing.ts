import { randomUUID } from 'node:crypto';
import {
  MAILING_MAX_BYTES,
  MAILING_MAX_COLUMNS,
  MAILING_MSG,
  type TMailingUpload,
} from '@prosa/shared/mailing';
import { checkCsv, decodeCsvBytes } from '@prosa/shared/mailing-csv';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { findMailing } from './repository';

type Deps = Pick<AppDeps, 'db' | 'storage'>;

/** Storage keys of a company's mailing files: the create call accepts only these. */
export const mailingFilePrefix = (companyId: number) => `mailing/${companyId}/`;

/**
 * POST /api/mailing-upload (spec 3 §7): multipart fileName, layoutId, file. Checks the CSV (delimiter, encoding,
 * columns per row) and, when valid, stores it; the reply carries its key (`url`) for the create/update call.
 */
export async function uploadMailing(
  deps: Deps,
  caller: Caller,
  request: FastifyRequest,
): Promise<TMailingUpload> {
  if (!request.isMultipart()) throw badRequest(MAILING_MSG.fileRequired);
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer | null } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAILING_MAX_BYTES + 1, files: 1, fields: 5 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (file || part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw badRequest(MAILING_MSG.uploadError);
      });
      file = { name: part.filename, data };
    }
  } catch (err) {
    if (err instanceof Error && 'httpStatus' in err) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MAILING_MSG.tooLarge);
    throw badRequest(MAILING_MSG.uploadError);
  }
  if (!file || (file.data !== null && file.data.length === 0)) throw badRequest(MAILING_MSG.fileRequired);
  if (file.data === null || file.data.length > MAILING_MAX_BYTES) throw badRequest(MAILING_MSG.tooLarge);
  const name = (fields.fileName?.trim() || file.name || '').slice(0, 255);
  if (!/\.csv$/i.test(name) || !/\.csv$/i.test(file.name || name) || file.data.includes(0))
    throw badRequest(MAILING_MSG.notCsv);

  const { text, encoding } = decodeCsvBytes(file.data);
  const check = checkCsv(text);
  let diff = false;
  const layoutId = Number(fields.layoutId);
  if (Number.isInteger(layoutId) && layoutId > 0 && layoutId <= 2_147_483_647) {
    const layout = await findMailing(deps.db, caller.companyId, layoutId);
    if (layout) diff = JSON.stringify(layout.fields) !== JSON.stringify(check.header);
  }
  const fileError =
    check.fileError ??
    (check.header.length > MAILING_MAX_COLUMNS
      ? `O arquivo deve ter no máximo ${MAILING_MAX_COLUMNS} colunas.`
      : null);
  const valid = !fileError && check.errorCount === 0;
  let url = '';
  if (valid) {
    url = `${mailingFilePrefix(caller.companyId)}${randomUUID()}.csv`;
    await deps.storage.put(url, file.data, 'text/csv');
  }
  return {
    success: valid,
    valid,
    message: valid ? MAILING_MSG.validFile : MAILING_MSG.invalidFile,
    diff,
    url,
    header: check.header,
    delimiter: check.delimiter,
    encoding,
    name,
    validMessageError: fileError ?? (valid ? '' : MAILING_MSG.invalidFile),
    errors: check.errors,
    error_count: check.errorCount,
    rowcount: check.rowcount,
  };
}
