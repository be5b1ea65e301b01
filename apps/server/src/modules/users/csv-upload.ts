import { IMPORT_MSG } from '@prosa/shared/users-import';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors';

// 50 users fit in a few KB; anything near this size is not the model file.
const MAX_BYTES = 512 * 1024;

// What browsers and spreadsheets send for a .csv (Windows often says vnd.ms-excel or nothing useful).
const CSV_TYPES = new Set([
  '',
  'text/csv',
  'text/plain',
  'text/x-csv',
  'text/comma-separated-values',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

/** The uploaded file (multipart field "file") as text, refused unless it is a .csv with text content. */
export async function readCsvUpload(request: FastifyRequest): Promise<{ fileName: string; text: string }> {
  const part = await request.file({ limits: { fileSize: MAX_BYTES, files: 1 } }).catch(() => undefined);
  if (!part) throw badRequest(IMPORT_MSG.notCsv);
  const data = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(IMPORT_MSG.tooLarge);
    throw badRequest(IMPORT_MSG.notCsv);
  });
  return { fileName: part.filename, text: decodeCsv(part.filename, part.mimetype, data) };
}

/** UTF-8 (BOM or not); a file saved by Excel in Windows-1252 is read as such instead of being refused. */
export function decodeCsv(fileName: string, mimetype: string, data: Buffer): string {
  const type = (mimetype.split(';')[0] ?? '').trim().toLowerCase();
  if (!/\.csv$/i.test(fileName.trim()) || !CSV_TYPES.has(type) || data.includes(0)) {
    throw badRequest(IMPORT_MSG.notCsv);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}
