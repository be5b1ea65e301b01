import { randomUUID } from 'node:crypto';
import { extensionOf } from '@prosa/shared/attachment-rules';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  NOTIFICATION_IMAGE_EXTENSIONS,
  NOTIFICATION_IMAGE_MAX_BYTES,
  NOTIFICATION_IMAGE_URL,
  NOTIFICATION_MSG,
} from '@prosa/shared/notifications';
import { ROLE } from '@prosa/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { detectImageType } from '../../platform/image-type';
import { imageReaches } from './repository';

const imageUrl = (file: string) => `/api/notification-images/${file}`;
const keyOf = (file: string) => `notifications/${file}`;

const tooLarge = () => new AppError(ERROR_CODE.validation, NOTIFICATION_MSG.tooLarge, 413);

/** The upload's file and its fileName field (spec 2 §7 POST /notification-upload), whatever their order. */
export async function readImageUpload(request: FastifyRequest) {
  let fileName: string | null = null;
  let file: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: NOTIFICATION_IMAGE_MAX_BYTES, files: 1 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'fileName' && typeof part.value === 'string')
          fileName = part.value.slice(0, 200);
        continue;
      }
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw badRequest(NOTIFICATION_MSG.uploadError);
      });
      file = { name: part.filename, data };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(NOTIFICATION_MSG.invalidImage);
  }
  if (!file || file.data.length === 0) throw badRequest(NOTIFICATION_MSG.invalidImage);
  return { name: fileName || file.name, data: file.data };
}

/** Keeps a jpg/jpeg/png of at most 2 MB (spec 2 §5, §9), judged by its content and its name's extension. */
export async function uploadNotificationImage(
  deps: Pick<AppDeps, 'storage'>,
  input: { name: string; data: Buffer },
) {
  if (input.data.length > NOTIFICATION_IMAGE_MAX_BYTES) throw tooLarge();
  const type = detectImageType(input.data.subarray(0, 16));
  const ext = extensionOf(input.name);
  const named = ext === '' || (NOTIFICATION_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  if (!type || (type.ext !== 'png' && type.ext !== 'jpg') || !named)
    throw badRequest(NOTIFICATION_MSG.invalidImage);
  const file = `${randomUUID()}.${type.ext}`;
  await deps.storage.put(keyOf(file), input.data, type.mime);
  return { success: true, url: imageUrl(file) };
}

/**
 * A notification's image. Admins see any (the form previews it before saving); other users only the images of
 * notifications aimed at their company.
 */
export async function readNotificationImage(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  caller: Caller,
  file: string,
) {
  const url = imageUrl(file);
  if (!NOTIFICATION_IMAGE_URL.test(url)) throw notFound();
  if (caller.role < ROLE.admin && !(await imageReaches(deps.db, url, caller.companyId))) throw notFound();
  const found = await deps.storage.get(keyOf(file));
  if (!found) throw notFound();
  return found;
}
