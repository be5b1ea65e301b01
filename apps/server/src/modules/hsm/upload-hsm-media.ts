import { randomUUID } from 'node:crypto';
import {
  HSM_HEADER_TYPES,
  HSM_MEDIA_LIMITS,
  HSM_MSG,
  hsmMediaError,
  hsmMediaTooLarge,
  type THsmMediaType,
} from '@prosa/shared/hsm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { contentMismatch } from '../../platform/file-type';
import { detectHeaderMediaType } from './media-type';

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};
const LARGEST = Math.max(...Object.values(HSM_MEDIA_LIMITS).map((l) => l.maxBytes));

/** The extensions a header type's file picker accepts (".jpg,.jpeg,.png,image/jpeg…" → jpg, jpeg, png). */
const acceptedExtensions = (type: THsmMediaType) =>
  HSM_MEDIA_LIMITS[type].accept
    .split(',')
    .filter((a) => a.startsWith('.'))
    .map((a) => a.slice(1).toLowerCase());

/**
 * POST /hsm-upload (spec 1 §7, spec 2 §7): header_type and one file; the type is judged by the content and
 * the size by the header type's limit. Answers the stored key and a signed URL for the preview.
 */
export async function uploadHsmMedia(
  deps: Pick<AppDeps, 'storage'>,
  companyId: number,
  request: FastifyRequest,
) {
  let headerType: string | null = null;
  let file: { name: string; data: Buffer; truncated: boolean } | null = null;
  for await (const part of request.parts({ limits: { fileSize: LARGEST + 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'header_type' && typeof part.value === 'string') headerType = part.value;
      continue;
    }
    if (file) {
      part.file.resume();
      continue;
    }
    const data = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
      throw badRequest(HSM_MSG.uploadError);
    });
    const name = part.filename;
    file = data ? { name, data, truncated: false } : { name, data: Buffer.alloc(0), truncated: true };
  }
  const type = HSM_HEADER_TYPES.find((t) => t !== 'text' && t === headerType) as THsmMediaType | undefined;
  if (!type) throw badRequest(HSM_MSG.selectHeaderType);
  if (!file || (!file.truncated && file.data.length === 0)) throw badRequest(HSM_MSG.headerContent);
  if (file.truncated) throw badRequest(hsmMediaTooLarge(type));
  const mime = detectHeaderMediaType(file.data);
  const refused = hsmMediaError(type, mime, file.data.length);
  // Content that is not what an accepted extension says (a PDF or an executable named .png) is told so.
  const mismatch =
    mime && HSM_MEDIA_LIMITS[type].mimes.includes(mime)
      ? null
      : contentMismatch(file.name, acceptedExtensions(type));
  if (mismatch) throw badRequest(mismatch);
  if (refused || !mime) throw badRequest(refused ?? HSM_MSG.uploadError);
  const key = `hsm/${companyId}/${randomUUID()}.${EXT[mime] ?? 'bin'}`;
  await deps.storage.put(key, file.data, mime);
  return { success: true, key, url: deps.storage.signedUrl(key, 24 * 3600).url };
}
