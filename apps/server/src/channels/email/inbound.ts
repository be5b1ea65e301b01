import { ZStoredAttachment } from '@prosa/shared/attachments';
import type { TEmConfig } from '@prosa/shared/email';
import type { InboundParse, InboundRequest, OpenChannel } from '../port';
import type { MailPayload } from './parse-mail';

// Messages read over IMAP come into the inbox as MailPayloads (commit-mails.ts), never by a webhook: resolve and
// verify refuse every HTTP call. One piece per message, ordered by its sender (the contact).

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A stored payload read back defensively (the inbox keeps jsonb; an older shape must not throw). */
export function mailOf(payload: unknown): MailPayload | null {
  const p = obj(payload);
  const from = obj(p.from);
  if (!str(p.message_id) || !str(from.address)) return null;
  const list = (v: unknown) =>
    Array.isArray(v) ? v.map(obj).map((a) => ({ address: str(a.address), name: str(a.name) })) : [];
  return {
    message_id: str(p.message_id),
    in_reply_to: str(p.in_reply_to) || null,
    references: Array.isArray(p.references) ? p.references.filter((r) => typeof r === 'string') : [],
    subject: str(p.subject),
    from: { address: str(from.address).toLowerCase(), name: str(from.name) },
    to: list(p.to),
    cc: list(p.cc),
    date: str(p.date),
    text: str(p.text),
    html: str(p.html) || null,
    attachments: Array.isArray(p.attachments)
      ? p.attachments.flatMap((a) => {
          const r = ZStoredAttachment.safeParse(a);
          return r.success ? [r.data] : [];
        })
      : [],
  };
}

const addresses = (list: MailPayload['to']) =>
  list
    .map((a) => a.address)
    .filter(Boolean)
    .join(', ');

export async function resolve(_req: InboundRequest): Promise<null> {
  return null;
}

export function verify(): boolean {
  return false;
}

export function split(payload: unknown): { orderingKey: string; payload: unknown }[] {
  const m = mailOf(payload);
  return m ? [{ orderingKey: m.from.address, payload }] : [];
}

export function parse(ch: OpenChannel<TEmConfig>, payload: unknown): InboundParse {
  const none: InboundParse = { contact: null, messages: [], statuses: [], reactions: [] };
  const m = mailOf(payload);
  if (!m) return none;
  const sentAt = new Date(m.date);
  return {
    ...none,
    contact: {
      externalId: m.from.address,
      name: (m.from.name || m.from.address).slice(0, 120),
      data: { email: m.from.address },
      // Spec 1 §3 data, as the active e-mail records it: the thread's first message opens the attendance.
      attendanceData: {
        email: m.from.address,
        contact_email: m.from.address,
        from: m.from.address,
        to: addresses(m.to),
        cc: addresses(m.cc),
        subject: m.subject,
        email_config_id: ch.id,
      },
    },
    messages: [
      {
        externalId: m.message_id,
        text: m.text || m.subject,
        sentAt: Number.isNaN(sentAt.getTime()) ? new Date() : sentAt,
        attachments: m.attachments,
        // One attendance per thread: the thread's root (the first of References, else the message it answers,
        // else this message, which starts a thread).
        threadKey: m.references[0] ?? m.in_reply_to ?? m.message_id,
        metadata: {
          email: {
            message_id: m.message_id,
            in_reply_to: m.in_reply_to,
            references: m.references,
            subject: m.subject,
            from: m.from,
            to: m.to,
            cc: m.cc,
            html: m.html,
          },
        },
      },
    ],
  };
}
