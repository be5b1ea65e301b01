import { ATT_MSG } from '@prosa/shared/attendance';
import { FA_HUMAN_AGENT_WINDOW_HOURS, FA_STANDARD_WINDOW_HOURS } from '@prosa/shared/meta-window';
import type { ChannelCtx, OpenChannel, OutboundSend, SendResult } from '../port';
import { GraphError, type GraphPage, type SendApiBody, sendApi, uploadAttachment } from './graph-client';
import { graphErrorOutcome, markNeedsReauth } from './graph-errors';
import { lastContactMessageAt } from './last-contact-message';

// One attempt at a message on Messenger or Instagram Direct through the Send API. Meta's messaging policy: a
// free reply (messaging_type RESPONSE) within 24 h of the person's last message, a human agent's reply (the
// HUMAN_AGENT tag) up to 7 days, nothing after that. The core refuses a reply after 7 days before storing it
// (the capability's replyWindow); a message that waited in the queue past the limit is refused here.

export type MetaSendTarget = {
  /** Who sends: the page id (Messenger) or the Instagram account id. */
  sender: string;
  /** The text when the 7 days have passed. */
  windowClosed: string;
  /** The `fa` channel whose token it is (marked needs_reauth when Meta refuses the token). */
  page: { companyId: number; pageId: string };
};

const HOUR = 3_600_000;

/** RESPONSE within 24 h, HUMAN_AGENT up to 7 days, null after (or with no message of the person at all). */
export function messagingTypeFor(
  lastContactAt: Date | null,
  now = Date.now(),
): Pick<SendApiBody, 'messaging_type' | 'tag'> | null {
  if (!lastContactAt) return null;
  const age = now - lastContactAt.getTime();
  if (age < FA_STANDARD_WINDOW_HOURS * HOUR) return { messaging_type: 'RESPONSE' };
  if (age < FA_HUMAN_AGENT_WINDOW_HOURS * HOUR) return { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' };
  return null;
}

const attachmentType = (t: string): 'image' | 'video' | 'audio' | 'file' =>
  t === 'image' || t === 'video' || t === 'audio' ? t : 'file';

async function readAll(ctx: ChannelCtx, key: string): Promise<Buffer | null> {
  const obj = await ctx.storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** Each file (uploaded, then sent by its attachment_id), then the text: Messenger has no captions. */
export async function sendMeta(
  ctx: ChannelCtx,
  ch: OpenChannel,
  target: MetaSendTarget,
  m: OutboundSend,
): Promise<SendResult> {
  const window = messagingTypeFor(await lastContactMessageAt(ctx.db, ch.companyId, m.messageId));
  if (!window) return { state: 'error', error: target.windowClosed };
  const graph: GraphPage = {
    token: ch.secrets.page_access_token ?? '',
    outbound: ctx.outbound,
    options: ctx.meta,
  };
  const send = (message: SendApiBody['message']) =>
    sendApi(graph, target.sender, { recipient: { id: m.to.externalId }, message, ...window });
  const parts: ({ kind: 'file'; index: number } | { kind: 'text' })[] = m.media.map((_, index) => ({
    kind: 'file' as const,
    index,
  }));
  if (m.text.trim() && !(m.media.length > 0 && m.text === ATT_MSG.attachmentOnly))
    parts.push({ kind: 'text' });
  const already = m.partsSent ?? 0;
  let done = already;
  let last: string | undefined;
  try {
    for (const [n, part] of parts.entries()) {
      if (n < already) continue;
      if (part.kind === 'text') last = (await send({ text: m.text })).mid;
      else {
        const file = m.media[part.index];
        if (!file) continue;
        const data = await readAll(ctx, file.key);
        if (!data) return { state: 'error', error: `Arquivo ${file.originalName} não encontrado.` };
        const type = attachmentType(file.type);
        const up = await uploadAttachment(graph, target.sender, {
          data,
          mimeType: file.mimeType,
          name: file.originalName,
          type,
        });
        last = (await send({ attachment: { type, payload: { attachment_id: up.attachmentId } } })).mid;
      }
      done = n + 1;
    }
  } catch (err) {
    const outcome = graphErrorOutcome(err, done);
    if (err instanceof GraphError && outcome.reauth) await markNeedsReauth(ctx, target.page);
    return outcome.result;
  }
  return last ? { state: 'sent', providerMessageId: last } : { state: 'error', error: 'Mensagem vazia.' };
}
