import { isEmailAddress, type TEmConfig } from '@prosa/shared/email';
import { and, desc, eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { attendances, messages } from '../../db/schema/attendance';
import type { ChannelCtx, OpenChannel, OutboundSend, SendResult } from '../port';
import { describeMailError } from './errors';
import { senderDomain } from './options';
import { openSmtp, SmtpSessionError } from './smtp-client';

// A reply (or an active e-mail) over SMTP from the channel's sender: in the thread of the attendance's last e-mail
// (In-Reply-To, References, "Re: " subject), with the cc, bcc and subject the operator chose (the message's
// metadata.email_out), and its files. One attempt: 4xx → try again later; 5xx → refused; the connection lost once
// the message was being handed over → unknown outcome (it may have gone: never sent twice). The Message-ID is
// derived from our message id, so a copy that did go is recognisable.

type ThreadHead = { message_id: string; references: string[]; subject: string };
type EmailOut = { subject?: string; cc?: string[]; bcc?: string[]; to?: string[]; messageId?: string };

/** References of a reply: the thread's root is kept first (it names the thread), then the latest ones. */
export function replyReferences(head: ThreadHead): string[] {
  const all = [...new Set([...head.references, head.message_id])];
  return all.length <= 30 ? all : [all[0] as string, ...all.slice(-29)];
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The message being sent and the last e-mail its attendance received (the thread it answers). */
async function threadOf(ctx: ChannelCtx, ch: OpenChannel, messageId: number) {
  const [own] = await ctx.db
    .select({
      attendanceId: messages.attendanceId,
      metadata: messages.metadata,
      threadKey: attendances.threadKey,
      subject: sql<unknown>`${attendances.data} -> 'subject'`,
    })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .where(and(eq(messages.companyId, ch.companyId), eq(messages.id, messageId)));
  if (!own) return { out: {} as EmailOut, head: null };
  const [last] = await ctx.db
    .select({ metadata: messages.metadata })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, ch.companyId),
        eq(messages.attendanceId, own.attendanceId),
        sql`${messages.metadata} -> 'email' ->> 'message_id' is not null`,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  const email = obj(obj(last?.metadata).email);
  const out = obj(own.metadata.email_out);
  // Nothing received yet in a thread we started (an active e-mail): a later message of ours still answers its
  // first one, so the customer's reply to any of them stays in this attendance.
  const ownRoot = typeof out.message_id === 'string' ? out.message_id : null;
  const head: ThreadHead | null =
    typeof email.message_id === 'string'
      ? {
          message_id: email.message_id,
          // The thread's root first even when the customer's client dropped it: replies to us name the thread.
          references: [
            ...new Set([
              ...(own.threadKey && own.threadKey !== email.message_id ? [own.threadKey] : []),
              ...strs(email.references),
            ]),
          ],
          subject: typeof email.subject === 'string' ? email.subject : '',
        }
      : own.threadKey && own.threadKey !== ownRoot
        ? {
            message_id: own.threadKey,
            references: [],
            subject: typeof own.subject === 'string' ? own.subject : '',
          }
        : null;
  return {
    out: {
      subject: typeof out.subject === 'string' ? out.subject : undefined,
      cc: strs(out.cc),
      bcc: strs(out.bcc),
      to: strs(out.to),
      messageId: ownRoot ?? undefined,
    } satisfies EmailOut,
    head,
  };
}

/** "Re: " once, whatever reply prefixes the subject had. */
export const replySubject = (subject: string) =>
  `Re: ${subject.replace(/^((re|res|enc|fw|fwd)\s*:\s*)+/i, '')}`;

async function readFile(ctx: ChannelCtx, key: string): Promise<Buffer | null> {
  const obj = await ctx.storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const isTransient = (code: number) => code >= 400 && code < 500;

export async function sendEmail(
  ctx: ChannelCtx,
  ch: OpenChannel<TEmConfig>,
  m: OutboundSend,
): Promise<SendResult> {
  const { out, head } = await threadOf(ctx, ch, m.messageId);
  const to = [...new Set([m.to.externalId, ...(out.to ?? [])])].filter(isEmailAddress);
  const cc = (out.cc ?? []).filter(isEmailAddress);
  const bcc = (out.bcc ?? []).filter(isEmailAddress);
  if (to.length === 0) return { state: 'error', error: 'Destinatário sem e-mail válido.' };
  const subject = out.subject || (head ? replySubject(head.subject) : m.subject || '(sem assunto)');
  const attachments = [];
  for (const a of m.media) {
    const content = await readFile(ctx, a.key);
    if (!content) return { state: 'error', error: `Anexo ${a.originalName} não encontrado.` };
    attachments.push({ filename: a.originalName, content, contentType: a.mimeType });
  }
  const messageIdHeader = out.messageId
    ? `<${out.messageId}>`
    : `<prosa.${ch.companyId}.${m.messageId}@${senderDomain(ch.config.sender_address)}>`;
  const raw = await new MailComposer({
    from: { name: ch.config.sender_name, address: ch.config.sender_address },
    to,
    cc,
    subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    messageId: messageIdHeader,
    ...(head
      ? {
          inReplyTo: `<${head.message_id}>`,
          references: replyReferences(head).map((r) => `<${r}>`),
        }
      : {}),
    attachments,
  })
    .compile()
    .build();

  let session: Awaited<ReturnType<typeof openSmtp>>;
  try {
    session = await openSmtp(ctx, {
      ...ch.config.smtp,
      password: ch.secrets.smtp_password ?? '',
    });
  } catch (err) {
    // Nothing was handed over: a refused login waits for an admin, anything else is tried again.
    const cause = err instanceof SmtpSessionError ? err.cause : err;
    const rc = obj(cause).responseCode;
    const code = obj(cause).code;
    if (code === 'EAUTH' || (typeof rc === 'number' && rc >= 500))
      return { state: 'error', error: describeMailError(cause) };
    return { state: 'retry', error: describeMailError(cause), retryAfterMs: null };
  }
  try {
    const info = await session.send({ from: ch.config.sender_address, to: [...to, ...cc, ...bcc] }, raw);
    if (info.accepted.length === 0)
      return { state: 'error', error: 'Nenhum destinatário aceito pelo servidor.' };
    return { state: 'sent', providerMessageId: messageIdHeader.slice(1, -1) };
  } catch (err) {
    const rc = obj(err).responseCode;
    const text = describeMailError(err);
    if (typeof rc === 'number')
      return isTransient(rc)
        ? { state: 'retry', error: text, retryAfterMs: null }
        : { state: 'error', error: text };
    return { state: 'error', error: text, unknownOutcome: true };
  } finally {
    session.close();
  }
}
