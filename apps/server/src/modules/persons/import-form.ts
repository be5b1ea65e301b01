import { ERROR_CODE } from '@prosa/shared/messages';
import { PERSON_MSG } from '@prosa/shared/person';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const MAX_ID = 2_147_483_647;

export type ImportForm = { channelId: number; fileName: string; text: string };

/**
 * The multipart form of the contact import (spec 2 §5): `channel_id` and `file`, in any order. The channel
 * is asked first ('O canal não foi inserido'), then the file ('O arquivo .csv não foi inserido').
 */
export async function readImportForm(request: FastifyRequest): Promise<ImportForm> {
  let channel: string | undefined;
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        // Every file part is read (the stream must be drained); only `file` counts.
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && data.length > 0) file = { name: part.filename, data };
      } else if (part.fieldname === 'channel_id') {
        channel = String(part.value ?? '').trim();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(ERROR_CODE.validation, 'O arquivo deve ter no máximo 5 MB.', 413);
    // Not a multipart body, or a broken one: what was read so far decides the message.
  }
  const channelId = channel && /^\d{1,10}$/.test(channel) ? Number(channel) : 0;
  if (channelId < 1 || channelId > MAX_ID) throw badRequest(PERSON_MSG.channelRequired);
  if (!file) throw badRequest(PERSON_MSG.csvMissing);
  return { channelId, fileName: file.name, text: file.data.toString('utf8') };
}
