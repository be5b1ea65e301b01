import { ATTACHMENT_MSG, UPLOAD_MAX_BYTES } from '@prosa/shared/attachment-rules';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors';
import { tooLarge } from './store-upload';

export type ReadUpload = { name: string; data: Buffer; fields: Record<string, string> };

/**
 * The one file of an upload request and its text fields, whatever their order. Over 16 MB answers 413 with
 * the too-large text; more than 5 files the 5-files text; none or two the matching text.
 */
export async function readUpload(request: FastifyRequest): Promise<ReadUpload> {
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | null = null;
  let extra = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 200);
        continue;
      }
      if (file) {
        extra = true;
        part.file.resume();
        continue;
      }
      const name = part.filename || 'arquivo';
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(name);
        throw badRequest(ATTACHMENT_MSG.uploadError);
      });
      file = { name, data };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(ATTACHMENT_MSG.maxFiles);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(ATTACHMENT_MSG.noFile);
    throw err;
  }
  if (extra) throw badRequest(ATTACHMENT_MSG.oneFile);
  if (!file || file.data.length === 0) throw badRequest(ATTACHMENT_MSG.noFile);
  return { ...file, fields };
}
