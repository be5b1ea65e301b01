import { ERROR_CODE } from '@prosa/shared/messages';
import { SURVEY_IMAGE_MAX_BYTES, SURVEY_MSG } from '@prosa/shared/surveys-texts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';

/** The multipart body of POST /api/survey-upload: `file` and `fileName` (spec 3 §7), in either order. */
export async function readSurveyUpload(
  request: FastifyRequest,
): Promise<{ fileName: string; data: Buffer; truncated: boolean }> {
  let fileName = '';
  let file: { name: string; data: Buffer; truncated: boolean } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: SURVEY_IMAGE_MAX_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        file = { name: part.filename, data, truncated: part.file.truncated };
      } else if (part.fieldname === 'fileName' && typeof part.value === 'string') {
        fileName = part.value.slice(0, 255);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(ERROR_CODE.validation, SURVEY_MSG.imageTooLarge, 413);
    throw badRequest(SURVEY_MSG.uploadError);
  }
  if (!file) throw badRequest(SURVEY_MSG.invalidImage);
  return { fileName: fileName || file.name, data: file.data, truncated: file.truncated };
}
