import { randomUUID } from 'node:crypto';
import { ATTACHMENT_MIME_KIND } from '@prosa/shared/attachment-rules';
import { CAMPAIGN_LIMITS, CAMPAIGN_MSG, type TCampaignUploadResult } from '@prosa/shared/campaigns';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { detectFileType } from '../../platform/file-type';
import { cleanFileName } from '../attachments/store-upload';
import { campaignMediaPrefix } from './resolve-campaign';

async function readOneFile(request: FastifyRequest) {
  let file: { name: string; data: Buffer | null } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: CAMPAIGN_LIMITS.fileBytes, files: 1 } })) {
      if (part.type === 'field') continue;
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw badRequest(CAMPAIGN_MSG.uploadError);
      });
      file = { name: part.filename || 'arquivo', data };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(CAMPAIGN_MSG.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(CAMPAIGN_MSG.tooManyFiles);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(CAMPAIGN_MSG.fileRequired);
    if (err instanceof Error && 'httpStatus' in err) throw err;
    throw badRequest(CAMPAIGN_MSG.uploadError);
  }
  return file;
}

/**
 * POST /api/campaign-upload (spec 3 §5, §7): one file of a waweb media message, at most 5 MB, BMP, GIF, JPG,
 * MP4, PDF or PNG judged by its content, stored under the company's campaign prefix.
 */
export async function uploadCampaignMedia(
  deps: Pick<AppDeps, 'storage' | 'config'>,
  companyId: number,
  request: FastifyRequest,
): Promise<TCampaignUploadResult> {
  const file = await readOneFile(request);
  if (!file || (file.data && file.data.length === 0)) throw badRequest(CAMPAIGN_MSG.fileRequired);
  if (!file.data) throw badRequest(CAMPAIGN_MSG.fileTooLarge);
  const detected = detectFileType(file.data);
  const type = detected ? ATTACHMENT_MIME_KIND[detected.mime] : undefined;
  if (!detected || !type) throw badRequest(CAMPAIGN_MSG.fileType);
  const name = cleanFileName(file.name, 'arquivo');
  const uuid = randomUUID();
  const key = `${campaignMediaPrefix(companyId)}${uuid}.${detected.ext}`;
  await deps.storage.put(key, file.data, detected.mime);
  const url = deps.storage.signedUrl(key, deps.config.FILE_URL_TTL_SECONDS).url;
  return {
    success: true,
    type,
    url,
    uuid,
    file_name: name,
    content: {
      key,
      name,
      type,
      public_path: url,
      provider: deps.storage.kind,
      mime_type: detected.mime,
      size: file.data.length,
    },
  };
}
