import { createHmac, timingSafeEqual } from 'node:crypto';
import { ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import { type TAttachmentRef, type TStoredAttachment, ZStoredAttachment } from '@prosa/shared/attachments';
import { badRequest } from '../../platform/errors';

/** Who an upload belongs to: an attendance (operator side) or a web chat visitor. */
export type UploadScope = { companyId: number } & (
  | { kind: 'attendance'; attendanceId: number }
  | { kind: 'visitor'; visitorId: string }
);

/** Storage folder of a scope's uploads; keys outside it are never accepted for that scope. */
export function scopePrefix(scope: UploadScope): string {
  return scope.kind === 'attendance'
    ? `att/${scope.companyId}/${scope.attendanceId}/`
    : `web/${scope.companyId}/${scope.visitorId}/`;
}

const canonical = (scope: UploadScope, a: TStoredAttachment) =>
  JSON.stringify([scopePrefix(scope), a.id, a.type, a.mimeType, a.originalName, a.key, a.size]);

const sign = (secret: string, scope: UploadScope, a: TStoredAttachment) =>
  createHmac('sha256', secret)
    .update(`attachment:${canonical(scope, a)}`)
    .digest('base64url');

/** The reference an upload answers: the stored attachment and our signature over it and its scope. */
export function signAttachment(secret: string, scope: UploadScope, a: TStoredAttachment): TAttachmentRef {
  return { ...a, sig: sign(secret, scope, a) };
}

/**
 * The references a send carries back, checked: each signed by us for this scope (so nobody attaches a file
 * of another attendance or company, or changes its name, type or size), none twice. Answers what is stored.
 */
export function verifyAttachmentRefs(
  secret: string,
  scope: UploadScope,
  refs: readonly TAttachmentRef[],
): TStoredAttachment[] {
  const seen = new Set<string>();
  return refs.map((ref) => {
    const stored = ZStoredAttachment.parse({
      id: ref.id,
      type: ref.type,
      mimeType: ref.mimeType,
      originalName: ref.originalName,
      key: ref.key,
      size: ref.size,
    });
    const expected = Buffer.from(sign(secret, scope, stored));
    const given = Buffer.from(ref.sig);
    if (
      seen.has(stored.id) ||
      !stored.key.startsWith(scopePrefix(scope)) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw badRequest(ATTACHMENT_MSG.badReference);
    }
    seen.add(stored.id);
    return stored;
  });
}
