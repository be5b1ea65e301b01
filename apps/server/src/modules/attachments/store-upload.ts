import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_KIND,
  ATTACHMENT_MSG,
  type TAttachmentKind,
  VOICE_MIME,
} from '@prosa/shared/attachment-rules';
import type { TUploadResult } from '@prosa/shared/attachments';
import { mediaControlError, type TMediaControl } from '@prosa/shared/media-control';
import { ERROR_CODE } from '@prosa/shared/messages';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { contentMismatch, detectFileType } from '../../platform/file-type';
import { featureFlagOn } from '../feature-flags/feature-flag-state';
import { presentAttachments } from './present';
import { scopePrefix, signAttachment, type UploadScope } from './refs';

export const tooLarge = (name: string) =>
  new AppError(ERROR_CODE.validation, ATTACHMENT_MSG.tooLarge(name), 413);

/** The name as shown and downloaded: no folders, no control characters, at most 120 characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (!clean) return fallback;
  if (clean.length <= 120) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 8 ? clean.slice(dot) : '';
  return clean.slice(0, 120 - ext.length) + ext;
}

/**
 * One uploaded file (spec 1 §7 Uploads): its type by content (BMP, GIF, JPG, MP4, PDF, PNG; MP3 only as a
 * voice note), its size within the kind's limit, stored under the scope's folder. Answers the upload reply
 * with a signed reference that a send carries back.
 */
export async function storeUpload(
  deps: Pick<AppDeps, 'storage' | 'config' | 'appSecret'> & { db?: AppDeps['db'] },
  input: {
    scope: UploadScope;
    name: string;
    data: Buffer;
    voice: boolean;
    /** What the company lets operators send (settings tab 14); omitted: every kind up to its limit. */
    media?: TMediaControl;
  },
): Promise<TUploadResult> {
  const name = cleanFileName(input.name, input.voice ? 'audio.mp3' : 'arquivo');
  const detected = detectFileType(input.data);
  let kind: TAttachmentKind | undefined;
  if (detected && input.voice) kind = detected.mime === VOICE_MIME ? 'audio' : undefined;
  else if (detected) kind = ATTACHMENT_MIME_KIND[detected.mime];
  if (!detected || !kind) {
    // A name with an allowed extension but other content (a renamed executable) is told so.
    const accepted = input.voice ? ['mp3'] : ATTACHMENT_EXTENSIONS;
    throw badRequest(contentMismatch(name, accepted) ?? ATTACHMENT_MSG.invalid(name));
  }
  if (input.data.length > ATTACHMENT_MAX_BYTES[kind]) throw tooLarge(name);
  const refused = input.media ? mediaControlError(input.media, kind, input.data.length) : null;
  if (refused) throw badRequest(refused);

  const id = randomUUID();
  const key = `${scopePrefix(input.scope)}${id}.${detected.ext}`;
  // Feature flag encrypted_message: the company's new attachments are stored encrypted (AES-256-GCM).
  const encrypt = deps.db ? await featureFlagOn(deps.db, input.scope.companyId, 'encrypted_message') : false;
  await deps.storage.put(key, input.data, detected.mime, { encrypt });
  const stored = {
    id,
    type: kind,
    mimeType: detected.mime,
    originalName: name,
    key,
    size: input.data.length,
  };
  const [shown] = presentAttachments(deps, [stored]);
  if (!shown) throw new Error('upload: stored attachment did not validate');
  return {
    success: true,
    message: ATTACHMENT_MSG.uploaded,
    type: kind,
    url: shown.url,
    expireUrl: shown.expireUrl,
    file: {
      ...signAttachment(deps.appSecret, input.scope, stored),
      url: shown.url,
      expireUrl: shown.expireUrl,
    },
  };
}
