import { MAILING_MSG } from '@prosa/shared/mailing';
import { checkCsv, decodeCsvBytes, decodeWith, type TCsvEncoding } from '@prosa/shared/mailing-csv';
import { badRequest } from '../../platform/errors';
import type { Storage } from '../../platform/storage/storage';
import { isValidKey } from '../../platform/storage/storage';
import { mailingFilePrefix } from './upload-mailing';

/** A stored object's bytes. */
export async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const obj = await storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks);
}

/** A file the company uploaded (by its key), checked again: its header, delimiter, encoding and row count. */
export async function storedMailingFile(storage: Storage, companyId: number, key: string) {
  if (!isValidKey(key) || !key.startsWith(mailingFilePrefix(companyId)))
    throw badRequest(MAILING_MSG.fileKeyInvalid);
  const data = await readStored(storage, key);
  if (!data) throw badRequest(MAILING_MSG.fileKeyInvalid);
  const { text, encoding } = decodeCsvBytes(data);
  const check = checkCsv(text);
  if (check.fileError || check.errorCount > 0) throw badRequest(MAILING_MSG.invalidFile);
  return { header: check.header, delimiter: check.delimiter, encoding, rowcount: check.rowcount };
}

/** The text of a mailing's stored file in its recorded encoding. */
export async function storedMailingText(
  storage: Storage,
  key: string,
  encoding: string,
): Promise<string | null> {
  const data = await readStored(storage, key);
  if (!data) return null;
  return decodeWith(data, (encoding === 'windows-1252' ? 'windows-1252' : 'utf-8') as TCsvEncoding);
}
