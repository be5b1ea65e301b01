import { ZStoredAttachment } from '@prosa/shared/attachments';
import { ATT_MSG } from '@prosa/shared/attendance';
import { findChannel, openChannel } from '../../modules/waent/repository';
import type { AppDeps } from '../../platform/deps';
import type { ChannelAdapter, OutboundMessage, SendResult } from '../types';
import { GraphError, type SendPayload, sendMessage, uploadMedia } from './graph-client';
import { withRetry } from './retry';
import { Throttle } from './throttle';

export type WaentAdapterDeps = Pick<AppDeps, 'db' | 'appSecret' | 'storage' | 'outbound'>;

const throttle = new Throttle();

/** The WhatsApp number of a contact: its wa_id (digits). */
const toNumber = (m: OutboundMessage) =>
  String(m.contactData.phone ?? m.contactExternalId).replace(/\D/g, '');

/**
 * WhatsApp Enterprise over the Cloud API: text, media (uploaded to the Graph API first, then sent with the
 * caption) and templates (metadata.template on the stored message). Answers the wamid of the last message
 * sent, which statuses name. Throttled per number, 429/5xx retried with backoff.
 */
export function waentAdapter(deps: WaentAdapterDeps, opts: { retryBaseMs?: number } = {}): ChannelAdapter {
  return {
    kind: 'waent',
    limits: {
      textMaxLength: 4096,
      mediaTypes: [
        'image/jpeg',
        'image/png',
        'video/mp4',
        'video/3gpp',
        'audio/mpeg',
        'audio/ogg',
        'application/pdf',
      ],
      maxMediaBytes: 16 * 1024 * 1024,
    },
    send: async (m): Promise<SendResult> => {
      const row = await findChannel(deps.db, m.companyId, m.channelId);
      if (!row) return { state: 'error', error: 'Canal WhatsApp Enterprise não encontrado.' };
      const channel = openChannel(row, deps);
      const to = toNumber(m);
      const send = async (payload: SendPayload) => {
        await throttle.take(row.phoneNumberId, row.messagesPerSecond);
        return withRetry(() => sendMessage(channel.graph, to, payload), { baseMs: opts.retryBaseMs });
      };
      try {
        const template = m.stored.metadata?.template;
        if (isTemplate(template)) {
          const r = await send({ type: 'template', template });
          return { state: 'sent', externalId: r.wamid };
        }
        const files = m.attachments.flatMap((a) => {
          const p = ZStoredAttachment.safeParse(a);
          return p.success ? [p.data] : [];
        });
        let last: string | undefined;
        let captionUsed = false;
        for (const [i, file] of files.entries()) {
          const obj = await deps.storage.get(file.key);
          if (!obj) throw new Error(`Arquivo ${file.originalName} não encontrado.`);
          const chunks: Buffer[] = [];
          for await (const c of obj.body) chunks.push(Buffer.from(c as Buffer));
          const media = await withRetry(
            () =>
              uploadMedia(channel.graph, {
                data: Buffer.concat(chunks),
                mimeType: file.mimeType,
                name: file.originalName,
              }),
            { baseMs: opts.retryBaseMs },
          );
          // The text goes as the caption of the first file that can carry one (audio cannot).
          const caption =
            !captionUsed && file.type !== 'audio' && m.text && i === 0 && !isAttachmentOnly(m)
              ? m.text
              : undefined;
          if (caption) captionUsed = true;
          const r = await send({
            type: file.type,
            media: {
              id: media.id,
              ...(caption ? { caption } : {}),
              ...(file.type === 'document' ? { filename: file.originalName } : {}),
            },
          });
          last = r.wamid;
        }
        if (!captionUsed && m.text.trim() && !(files.length > 0 && isAttachmentOnly(m))) {
          last = (await send({ type: 'text', text: { body: m.text } })).wamid;
        }
        return last ? { state: 'sent', externalId: last } : { state: 'error', error: 'Mensagem vazia.' };
      } catch (err) {
        const msg =
          err instanceof GraphError
            ? `${err.code ?? err.status} ${err.message}`
            : err instanceof Error
              ? err.message
              : String(err);
        return { state: 'error', error: msg };
      }
    },
  };
}

// The text an attachment-only message gets is ours, not the operator's: it is not sent to the customer.
const isAttachmentOnly = (m: OutboundMessage) => m.text === ATT_MSG.attachmentOnly;

function isTemplate(v: unknown): v is Extract<SendPayload, { type: 'template' }>['template'] {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { name?: unknown }).name === 'string' &&
    typeof (v as { language?: { code?: unknown } }).language?.code === 'string'
  );
}
