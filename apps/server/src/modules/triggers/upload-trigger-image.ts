import { randomUUID } from 'node:crypto';
import {
  TRIGGER_IMAGE_MAX_BYTES,
  TRIGGER_IMAGE_MIMES,
  TRIGGER_MSG,
  type TTriggerImageAnswer,
} from '@prosa/shared/triggers';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { contentMismatch, detectFileType } from '../../platform/file-type';
import { channelById } from './channel-target';
import { imagePrefix } from './check-trigger';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config'>;

/**
 * POST /channel/trigger_image (spec 2 §7): multipart channel_id, channel_type, file. A JPEG or PNG image (judged by
 * its content) of at most 2MB (spec 2 §9), stored under the company's trigger folder; answers {success, image}.
 */
export async function uploadTriggerImage(
  deps: Deps,
  caller: Caller,
  request: FastifyRequest,
): Promise<TTriggerImageAnswer> {
  if (!request.isMultipart()) throw badRequest(TRIGGER_MSG.fileRequired);
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer | null } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: TRIGGER_IMAGE_MAX_BYTES + 1 } })) {
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
        throw badRequest(TRIGGER_MSG.uploadError);
      });
      file = { name: part.filename, data };
    }
  } catch (err) {
    if (err instanceof Error && 'httpStatus' in err) throw err;
    // The parts iterator throws the file's own size error again once the file was cut.
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(TRIGGER_MSG.uploadError);
    throw badRequest(TRIGGER_MSG.imageTooLarge);
  }
  const channelId = Number(fields.channel_id);
  if (!Number.isInteger(channelId) || channelId <= 0 || channelId > 2_147_483_647)
    throw notFound(TRIGGER_MSG.channelNotFound);
  const target = await channelById(deps, caller, channelId, 'write');
  if (fields.channel_type !== undefined && fields.channel_type !== target.type)
    throw notFound(TRIGGER_MSG.channelNotFound);
  if (!file || (file.data !== null && file.data.length === 0)) throw badRequest(TRIGGER_MSG.fileRequired);
  if (file.data === null || file.data.length > TRIGGER_IMAGE_MAX_BYTES)
    throw badRequest(TRIGGER_MSG.imageTooLarge);
  const type = detectFileType(file.data);
  const mime = TRIGGER_IMAGE_MIMES.find((m) => m === type?.mime);
  if (!mime) throw badRequest(contentMismatch(file.name, ['jpg', 'jpeg', 'png']) ?? TRIGGER_MSG.imageType);
  const key = `${imagePrefix(caller.companyId)}${target.channel.id}/${randomUUID()}.${mime === 'image/png' ? 'png' : 'jpg'}`;
  await deps.storage.put(key, file.data, mime);
  const name = (file.name || `imagem.${mime === 'image/png' ? 'png' : 'jpg'}`).slice(0, 255);
  return {
    success: true,
    image: {
      key,
      name,
      mime,
      size: file.data.length,
      url: deps.storage.signedUrl(key, deps.config.FILE_URL_TTL_SECONDS).url,
    },
  };
}
