import { type TAttachment, type TStoredAttachment, ZStoredAttachment } from '@prosa/shared/attachments';
import type { TMessage } from '@prosa/shared/attendance';
import type { AppDeps } from '../../platform/deps';

export type PresentDeps = Pick<AppDeps, 'storage' | 'config'>;

/** Stored attachments with a fresh signed URL each (spec 1 §3: url, expireUrl); malformed entries are left out. */
export function presentAttachments(deps: PresentDeps, list: readonly unknown[]): TAttachment[] {
  const out: TAttachment[] = [];
  for (const item of list) {
    const parsed = ZStoredAttachment.safeParse(item);
    if (!parsed.success) continue;
    const signed = deps.storage.signedUrl(parsed.data.key, deps.config.FILE_URL_TTL_SECONDS);
    out.push({ ...parsed.data, url: signed.url, expireUrl: signed.expiresAt.toISOString() });
  }
  return out;
}

/** A message as it leaves the server (HTTP answers and socket events): attachments with signed URLs. */
export function presentMessage(deps: PresentDeps, message: TMessage): TMessage {
  if (message.attachments.length === 0) return message;
  return { ...message, attachments: presentAttachments(deps, message.attachments) };
}

/** The well-formed stored attachments of a message row (for a forward). */
export function storedAttachments(list: readonly unknown[]): TStoredAttachment[] {
  return list.flatMap((item) => {
    const parsed = ZStoredAttachment.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
