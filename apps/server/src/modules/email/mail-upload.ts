import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MIME_KIND, ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import type { TAttachmentRef, TStoredAttachment, TUploadResult } from '@prosa/shared/attachments';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { detectFileType } from '../../platform/file-type';
import { assertMediaAllowed } from '../attachments/media-control';
import { presentAttachments } from '../attachments/present';
import { cleanFileName, tooLarge } from '../attachments/store-upload';

// The mail upload (spec 1 §7 "mail (email_config_id, channel_type, file)"): a file of an active e-mail, stored
// before the e-mail (and its attendance) exists, in the sender's own folder, answered with a reference signed
// for that user; the send takes back only references signed so.

export const mailPrefix = (companyId: number, userId: number) => `mail/${companyId}/${userId}/`;

const canonical = (companyId: number, userId: number, a: TStoredAttachment) =>
  JSON.stringify([mailPrefix(companyId, userId), a.id, a.type, a.mimeType, a.originalName, a.key, a.size]);

const sign = (secret: string, companyId: number, userId: number, a: TStoredAttachment) =>
  createHmac('sha256', secret)
    .update(`mail-attachment:${canonical(companyId, userId, a)}`)
    .digest('base64url');

export async function storeMailUpload(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'appSecret'>,
  who: { companyId: number; userId: number },
  input: { name: string; data: Buffer },
): Promise<TUploadResult> {
  const name = cleanFileName(input.name, 'arquivo');
  const detected = detectFileType(input.data);
  const kind = detected ? ATTACHMENT_MIME_KIND[detected.mime] : undefined;
  if (!detected || !kind) throw badRequest(ATTACHMENT_MSG.invalid(name));
  if (input.data.length > ATTACHMENT_MAX_BYTES[kind]) throw tooLarge(name);
  await assertMediaAllowed(deps.db, who.companyId, kind, input.data.length);
  const id = randomUUID();
  const key = `${mailPrefix(who.companyId, who.userId)}${id}.${detected.ext}`;
  await deps.storage.put(key, input.data, detected.mime);
  const stored: TStoredAttachment = {
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
      ...stored,
      sig: sign(deps.appSecret, who.companyId, who.userId, stored),
      url: shown.url,
      expireUrl: shown.expireUrl,
    },
  };
}

/** The references an active e-mail carries back, checked: signed by us for this user, none twice. */
export function verifyMailRefs(
  secret: string,
  who: { companyId: number; userId: number },
  refs: readonly TAttachmentRef[],
): TStoredAttachment[] {
  const seen = new Set<string>();
  return refs.map((ref) => {
    const stored: TStoredAttachment = {
      id: ref.id,
      type: ref.type,
      mimeType: ref.mimeType,
      originalName: ref.originalName,
      key: ref.key,
      size: ref.size,
    };
    const expected = Buffer.from(sign(secret, who.companyId, who.userId, stored));
    const given = Buffer.from(ref.sig);
    if (
      seen.has(stored.id) ||
      !stored.key.startsWith(mailPrefix(who.companyId, who.userId)) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    )
      throw badRequest(ATTACHMENT_MSG.badReference);
    seen.add(stored.id);
    return stored;
  });
}
