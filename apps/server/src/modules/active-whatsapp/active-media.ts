import { createHmac, timingSafeEqual } from 'node:crypto';
import { ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import type { TStoredAttachment } from '@prosa/shared/attachments';
import type { TActiveMedia } from '@prosa/shared/hsm';
import { badRequest } from '../../platform/errors';

/** Where a company's active-message files live; a key outside it is never accepted for that company. */
export const activeMediaPrefix = (companyId: number) => `active/${companyId}/`;

type Unsigned = Omit<TActiveMedia, 'sig' | 'public_path'>;

// The URL is left out: it is signed anew whenever shown; the rest is what the message will carry.
const sign = (secret: string, companyId: number, m: Unsigned) =>
  createHmac('sha256', secret)
    .update(
      `active-media:${JSON.stringify([companyId, m.type, m.key, m.name, m.provider, m.mime_type, m.size])}`,
    )
    .digest('base64url');

export function signActiveMedia(secret: string, companyId: number, m: Unsigned): string {
  return sign(secret, companyId, m);
}

/**
 * The media the modal sent back, checked (signed by us for this company, its key in the company's folder),
 * as the attachment the message stores.
 */
export function activeMediaAttachment(secret: string, companyId: number, m: TActiveMedia): TStoredAttachment {
  const expected = Buffer.from(sign(secret, companyId, m));
  const given = Buffer.from(m.sig);
  const id = /([0-9a-f-]{36})\.[a-z0-9]+$/.exec(m.key)?.[1];
  if (
    !id ||
    !m.key.startsWith(activeMediaPrefix(companyId)) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    throw badRequest(ATTACHMENT_MSG.badReference);
  return { id, type: m.type, mimeType: m.mime_type, originalName: m.name, key: m.key, size: m.size };
}
