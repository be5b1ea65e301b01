import { ATTACHMENT_KINDS, ATTACHMENT_MSG, MAX_ATTACHMENTS } from './attachment-rules';
import { zInt4 } from './ids';
import { z } from './zod';

/** An attachment as stored on a message: the storage key, never a URL (URLs are signed when shown). */
export const ZStoredAttachment = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/),
  type: z.enum(ATTACHMENT_KINDS),
  mimeType: z.string().max(100),
  originalName: z.string().max(255),
  key: z.string().max(300),
  size: zInt4(),
});
export type TStoredAttachment = z.infer<typeof ZStoredAttachment>;

/** An attachment as the API shows it: with a fresh signed URL and when it expires (ISO date). */
export const ZAttachment = ZStoredAttachment.extend({ url: z.string(), expireUrl: z.string() });
export type TAttachment = z.infer<typeof ZAttachment>;

/** The reference to an uploaded file that a send carries back: the upload's answer, signed by the server. */
export const ZAttachmentRef = ZStoredAttachment.extend({
  sig: z.string().max(200),
  url: z.string().optional(),
  expireUrl: z.string().optional(),
});
export type TAttachmentRef = z.infer<typeof ZAttachmentRef>;

export const ZAttachmentRefs = z
  .array(ZAttachmentRef, { error: ATTACHMENT_MSG.badReference })
  .max(MAX_ATTACHMENTS, { error: ATTACHMENT_MSG.maxFiles });

/** The upload reply (spec 1 §7 Uploads): success, message, type, url, expireUrl, file. */
export const ZUploadResult = z.object({
  success: z.boolean(),
  message: z.string(),
  type: z.enum(ATTACHMENT_KINDS),
  url: z.string(),
  expireUrl: z.string(),
  file: ZAttachmentRef,
});
export type TUploadResult = z.infer<typeof ZUploadResult>;

/** Attachments of a message as the screens read them: malformed entries are left out. */
export function readAttachments(list: readonly unknown[]): TAttachment[] {
  const out: TAttachment[] = [];
  for (const item of list) {
    const parsed = ZAttachment.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}
