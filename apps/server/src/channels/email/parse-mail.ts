import { createHash, randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@prosa/shared/attachment-rules';
import type { TStoredAttachment } from '@prosa/shared/attachments';
import { type AddressObject, simpleParser } from 'mailparser';
import type { Storage } from '../../platform/storage/storage';
import { sanitizeEmailHtml } from './sanitize';

// One message read from the mailbox, as the inbox keeps it (channel_events.payload): its thread headers, the
// sender, the text for the card, the HTML already sanitized for the chat, and its files already stored as ours
// (read once, here, so the inbox never goes back to the IMAP server for them).

export type MailAddress = { address: string; name: string };

export type MailPayload = {
  /** The Message-ID (without <>), or a hash of the source when the message has none. */
  message_id: string;
  in_reply_to: string | null;
  references: string[];
  subject: string;
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  date: string;
  text: string;
  html: string | null;
  attachments: TStoredAttachment[];
};

const TEXT_MAX = 100_000;
const HTML_MAX = 500_000;

const bare = (id: string) => id.trim().replace(/^<|>$/g, '').slice(0, 300);

function addresses(v: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = Array.isArray(v) ? v : v ? [v] : [];
  return list
    .flatMap((a) => a.value)
    .flatMap((a) => (a.address ? [{ address: a.address.toLowerCase(), name: a.name ?? '' }] : []))
    .slice(0, 100);
}

const kindOf = (mime: string): TStoredAttachment['type'] =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('video/')
      ? 'video'
      : mime.startsWith('audio/')
        ? 'audio'
        : 'document';

const extOf = (name: string, mime: string) =>
  /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ??
  (mime.split('/')[1] ?? 'bin').replace(/[^a-z0-9]/g, '').slice(0, 8) ??
  'bin';

/** Parses a message's source; its files go to storage under the channel's folder. */
export async function parseMail(
  source: Buffer,
  storage: Storage,
  ch: { companyId: number; id: number },
): Promise<MailPayload | null> {
  const mail = await simpleParser(source, { skipImageLinks: true });
  const from = addresses(mail.from)[0];
  if (!from) return null;
  const attachments: TStoredAttachment[] = [];
  for (const a of mail.attachments) {
    // Inline images of the HTML (cid:) are shown by the HTML, not as files; the rest are the message's files.
    if (a.related || a.size > UPLOAD_MAX_BYTES) continue;
    const mime = (a.contentType || 'application/octet-stream').toLowerCase();
    const id = randomUUID();
    const name = (a.filename ?? `anexo.${extOf('', mime)}`).replace(/[\\/"]/g, '').slice(0, 120) || 'anexo';
    const key = `em/${ch.companyId}/${ch.id}/${id}.${extOf(name, mime) || 'bin'}`;
    await storage.put(key, a.content, mime);
    attachments.push({
      id,
      type: kindOf(mime),
      mimeType: mime.slice(0, 100),
      originalName: name,
      key,
      size: a.size,
    });
  }
  const refs = mail.references ? (Array.isArray(mail.references) ? mail.references : [mail.references]) : [];
  const html =
    typeof mail.html === 'string' && mail.html ? sanitizeEmailHtml(mail.html.slice(0, HTML_MAX)) : null;
  return {
    message_id: mail.messageId
      ? bare(mail.messageId)
      : `sha256-${createHash('sha256').update(source).digest('hex')}`,
    in_reply_to: mail.inReplyTo ? bare(mail.inReplyTo) : null,
    references: refs.map(bare).filter(Boolean).slice(-50),
    subject: (mail.subject ?? '').slice(0, 500),
    from,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date: (mail.date ?? new Date()).toISOString(),
    text: (mail.text ?? '').trim().slice(0, TEXT_MAX),
    html,
    attachments,
  };
}
