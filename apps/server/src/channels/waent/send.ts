import { ATT_MSG } from '@prosa/shared/attendance';
import type { ChannelCtx, OutboundSend, SendResult } from '../port';
import type { WaentChannel } from './config';
import { GraphError, graphOf, type SendPayload, sendMessage, uploadMedia } from './graph-client';

/** The WhatsApp number of a contact: its wa_id (digits). */
const toNumber = (m: OutboundSend) => String(m.to.data.phone ?? m.to.externalId).replace(/\D/g, '');

// The text an attachment-only message gets is ours, not the operator's: it is not sent to the customer.
const isAttachmentOnly = (m: OutboundSend) => m.text === ATT_MSG.attachmentOnly;

/** The parts of a message, in order: each file (the text as the caption of the first that can carry one), then the text. */
function partsOf(m: OutboundSend) {
  const parts: ({ kind: 'file'; index: number; caption?: string } | { kind: 'text' })[] = [];
  let captionUsed = false;
  for (const [i, file] of m.media.entries()) {
    // The text goes as the caption of the first file that can carry one (audio cannot).
    const caption =
      !captionUsed && file.type !== 'audio' && m.text && i === 0 && !isAttachmentOnly(m) ? m.text : undefined;
    if (caption) captionUsed = true;
    parts.push({ kind: 'file', index: i, ...(caption ? { caption } : {}) });
  }
  if (!captionUsed && m.text.trim() && !(m.media.length > 0 && isAttachmentOnly(m)))
    parts.push({ kind: 'text' });
  return parts;
}

/** What a failed Graph call means for the message: try again later, refused, or unknown (no answer). */
export function outcomeOf(err: unknown, partsSent: number): Exclude<SendResult, { state: 'sent' }> {
  if (err instanceof GraphError) {
    const error = `${err.code ?? err.status} ${err.message}`;
    if (err.retryable)
      return {
        state: 'retry',
        error,
        retryAfterMs: err.retryAfterSeconds !== null ? err.retryAfterSeconds * 1000 : null,
        ...(partsSent > 0 ? { partsSent } : {}),
      };
    return { state: 'error', error };
  }
  // No answer (network, timeout, the outbound guard): the message may have been accepted, never send it again.
  return { state: 'error', error: err instanceof Error ? err.message : String(err), unknownOutcome: true };
}

/**
 * One attempt at a message on WhatsApp Enterprise over the Cloud API: a template, or each file (uploaded to
 * the Graph API first, then sent with the caption) and the text. Each Graph call is made once; a 429 or 5xx
 * answers `retry` with Meta's Retry-After, and the next attempt starts at the part that was not accepted.
 * Answers the wamid of the last message sent, which the statuses name.
 */
export async function sendWaent(ctx: ChannelCtx, ch: WaentChannel, m: OutboundSend): Promise<SendResult> {
  if (ch.deletedAt !== null) return { state: 'error', error: 'Canal WhatsApp Enterprise não encontrado.' };
  const graph = graphOf(ch, ctx.outbound);
  const to = toNumber(m);
  const send = (payload: SendPayload) => sendMessage(graph, to, payload, m.reference);
  const already = m.partsSent ?? 0;
  let done = 0;
  try {
    if (m.template) {
      const r = await send({ type: 'template', template: m.template });
      return { state: 'sent', providerMessageId: r.wamid };
    }
    let last: string | undefined;
    for (const [n, part] of partsOf(m).entries()) {
      if (n < already) continue;
      if (part.kind === 'text') {
        last = (await send({ type: 'text', text: { body: m.text } })).wamid;
      } else {
        const file = m.media[part.index];
        if (!file) continue;
        const obj = await ctx.storage.get(file.key);
        if (!obj) return { state: 'error', error: `Arquivo ${file.originalName} não encontrado.` };
        const chunks: Buffer[] = [];
        for await (const c of obj.body) chunks.push(Buffer.from(c as Buffer));
        const media = await uploadMedia(graph, {
          data: Buffer.concat(chunks),
          mimeType: file.mimeType,
          name: file.originalName,
        });
        const r = await send({
          type: file.type,
          media: {
            id: media.id,
            ...(part.caption ? { caption: part.caption } : {}),
            ...(file.type === 'document' ? { filename: file.originalName } : {}),
          },
        });
        last = r.wamid;
      }
      done = n + 1;
    }
    return last ? { state: 'sent', providerMessageId: last } : { state: 'error', error: 'Mensagem vazia.' };
  } catch (err) {
    return outcomeOf(err, Math.max(done, already));
  }
}

/** One upload of a template's header file (the template names it by its media id): the id, or why not. */
export async function uploadTemplateMedia(
  ctx: ChannelCtx,
  ch: WaentChannel,
  file: { data: Buffer; mimeType: string; name: string },
): Promise<{ state: 'sent'; mediaId: string } | Exclude<SendResult, { state: 'sent' }>> {
  try {
    const media = await uploadMedia(graphOf(ch, ctx.outbound), file);
    return { state: 'sent', mediaId: media.id };
  } catch (err) {
    return outcomeOf(err, 0);
  }
}
