import { randomUUID } from 'node:crypto';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MIME_KIND, ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import { ACTIVE_MEDIA_MAX_BYTES, HSM_MSG } from '@prosa/shared/hsm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { contentMismatch, detectFileType } from '../../platform/file-type';
import { assertMediaAllowed } from '../attachments/media-control';
import { cleanFileName } from '../attachments/store-upload';
import { activeMediaPrefix, signActiveMedia } from './active-media';

/** One file of the request; `truncated` when it went past the limit (its bytes are dropped). */
async function readOneFile(request: FastifyRequest) {
  let file: { name: string; data: Buffer | null } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: ACTIVE_MEDIA_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') continue;
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw badRequest(ATTACHMENT_MSG.uploadError);
      });
      file = { name: part.filename || 'arquivo', data };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    // The plugin also ends the parts with the file's size error.
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(HSM_MSG.mediaTooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(ATTACHMENT_MSG.oneFile);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(ATTACHMENT_MSG.noFile);
    throw err;
  }
  return file;
}

/**
 * POST /active-waweb-upload (spec 1 §5, §7): the file of a web number's active message, at most 2 MB, of the
 * attachments' types (BMP, GIF, JPG, MP4, PDF, PNG, judged by the content). Answers the `media` the modal
 * sends back with the message, signed.
 */
export async function uploadActiveMedia(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'appSecret'>,
  companyId: number,
  request: FastifyRequest,
) {
  const file = await readOneFile(request);
  if (!file) throw badRequest(ATTACHMENT_MSG.noFile);
  if (!file.data) throw badRequest(HSM_MSG.mediaTooLarge);
  if (file.data.length === 0) throw badRequest(ATTACHMENT_MSG.noFile);
  const name = cleanFileName(file.name, 'arquivo');
  const detected = detectFileType(file.data);
  const type = detected ? ATTACHMENT_MIME_KIND[detected.mime] : undefined;
  if (!detected || !type)
    throw badRequest(contentMismatch(name, ATTACHMENT_EXTENSIONS) ?? ATTACHMENT_MSG.invalid(name));
  await assertMediaAllowed(deps.db, companyId, type, file.data.length);
  const key = `${activeMediaPrefix(companyId)}${randomUUID()}.${detected.ext}`;
  await deps.storage.put(key, file.data, detected.mime);
  const unsigned = {
    type,
    key,
    name,
    provider: deps.storage.kind,
    mime_type: detected.mime,
    size: file.data.length,
  };
  const url = deps.storage.signedUrl(key, deps.config.FILE_URL_TTL_SECONDS).url;
  return {
    success: true,
    url,
    media: { ...unsigned, public_path: url, sig: signActiveMedia(deps.appSecret, companyId, unsigned) },
  };
}
