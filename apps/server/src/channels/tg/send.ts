import type { TStoredAttachment } from '@prosa/shared/attachments';
import { ATT_MSG } from '@prosa/shared/attendance';
import { TELEGRAM_MSG, type TTgConfig } from '@prosa/shared/telegram';
import type { ChannelCtx, OpenChannel, OutboundSend, SendResult } from '../port';
import { type BotApi, botCall, TelegramError } from './bot-api';

// One attempt at a message to a Telegram chat: each file uploaded (multipart) by sendPhoto, sendVoice or
// sendDocument, the text as the first file's caption when it fits, else by sendMessage after the files. Parts
// the Bot API accepted in earlier attempts (partsSent) are not sent again.

export const TG_TEXT_MAX = 4096;
export const TG_CAPTION_MAX = 1024;

type Part =
  | { kind: 'file'; file: TStoredAttachment; caption: string | null }
  | { kind: 'text'; text: string };

const VOICE_MIMES = new Set(['audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/opus']);

/** The Bot API method and field of a file by its type: photos, voice notes (OGG/OPUS, MP3, M4A), documents. */
export function fileMethod(mimeType: string): { method: string; field: string } {
  const mime = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp')
    return { method: 'sendPhoto', field: 'photo' };
  if (VOICE_MIMES.has(mime)) return { method: 'sendVoice', field: 'voice' };
  return { method: 'sendDocument', field: 'document' };
}

/**
 * A text in pieces Telegram takes (4096 characters each), cut at the last line break or space of each piece when
 * there is one in its second half, never inside a surrogate pair. Nothing is lost: the spec sets no limit for
 * Telegram, so the core does not truncate it.
 */
export function textChunks(text: string, max = TG_TEXT_MAX): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = max;
    const window = rest.slice(0, max);
    const soft = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    if (soft > max / 2) cut = soft + 1;
    else if (/[\uD800-\uDBFF]/.test(rest.charAt(cut - 1))) cut -= 1;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) chunks.push(rest);
  return chunks;
}

/** The parts of a message, in the order they are sent. */
export function partsOf(m: Pick<OutboundSend, 'text' | 'media'>): Part[] {
  const text = m.media.length > 0 && m.text === ATT_MSG.attachmentOnly ? '' : m.text.trim() ? m.text : '';
  const captioned = text !== '' && m.media.length > 0 && text.length <= TG_CAPTION_MAX;
  const parts: Part[] = m.media.map((file, i) => ({
    kind: 'file',
    file,
    caption: captioned && i === 0 ? text : null,
  }));
  if (text && !captioned) for (const chunk of textChunks(text)) parts.push({ kind: 'text', text: chunk });
  return parts;
}

async function readAll(ctx: ChannelCtx, key: string): Promise<Buffer | null> {
  const obj = await ctx.storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** The provider's message id of one of ours (`<chat id>:<message_id>`), as Telegram's message_id. */
const messageIdOf = (externalId: string | undefined) => {
  const n = Number(externalId?.split(':').pop());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export async function sendTelegram(
  ctx: ChannelCtx,
  ch: OpenChannel<TTgConfig>,
  m: OutboundSend,
): Promise<SendResult> {
  const api: BotApi = { base: ctx.telegramApiUrl, token: ch.secrets.token ?? '', outbound: ctx.outbound };
  const chatId = m.to.externalId;
  const replyTo = messageIdOf(m.replyTo);
  const reply = replyTo
    ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }
    : {};
  const parts = partsOf(m);
  if (parts.length === 0) return { state: 'error', error: 'Mensagem vazia.' };
  const already = m.partsSent ?? 0;
  let done = already;
  let last: string | undefined;
  try {
    for (const [n, part] of parts.entries()) {
      if (n < already) continue;
      // Only the first part answers the message replied to.
      const replyOf = n === 0 ? reply : {};
      let sent: { message_id?: unknown };
      if (part.kind === 'text') {
        sent = await botCall(api, 'sendMessage', { chat_id: chatId, text: part.text, ...replyOf });
      } else {
        const data = await readAll(ctx, part.file.key);
        if (!data) return { state: 'error', error: `Arquivo ${part.file.originalName} não encontrado.` };
        const { method, field } = fileMethod(part.file.mimeType);
        const form = new FormData();
        form.append('chat_id', chatId);
        if (part.caption) form.append('caption', part.caption);
        if (replyOf.reply_parameters)
          form.append('reply_parameters', JSON.stringify(replyOf.reply_parameters));
        form.append(
          field,
          new Blob([new Uint8Array(data)], { type: part.file.mimeType }),
          part.file.originalName,
        );
        sent = await botCall(api, method, form, { timeoutMs: 120_000 });
      }
      done = n + 1;
      if (typeof sent.message_id === 'number') last = `${chatId}:${sent.message_id}`;
    }
  } catch (err) {
    return failure(err, done);
  }
  return { state: 'sent', ...(last ? { providerMessageId: last } : {}) };
}

function failure(err: unknown, partsSent: number): SendResult {
  // No answer (network, timeout, the guard): it may have been accepted, so it is never sent again.
  if (!(err instanceof TelegramError))
    return { state: 'error', error: err instanceof Error ? err.message : String(err), unknownOutcome: true };
  if (err.retryable)
    return {
      state: 'retry',
      error: err.message,
      retryAfterMs: err.retryAfter !== null ? err.retryAfter * 1000 : null,
      ...(partsSent > 0 ? { partsSent } : {}),
    };
  if (err.unauthorized) return { state: 'error', error: `${TELEGRAM_MSG.tokenRevoked} (${err.message})` };
  return { state: 'error', error: err.message };
}
