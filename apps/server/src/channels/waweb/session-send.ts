import type { TWawebPacing } from '@prosa/shared/waweb';
import type { AnyMessageContent, proto, WAMediaUploadFunction, WASocket } from '@whiskeysockets/baileys';
import type { ILogger } from '@whiskeysockets/baileys/lib/Utils/logger';
import { baileys } from './baileys';
import type { WawebFile, WawebOutgoing, WawebSendOutcome } from './session-types';

// How a number sends (issue 13, "nobody banned"): one queue per session, so its parts leave one at a time and
// never faster than a person: each part waits at least `min_interval_ms` plus up to `jitter_ms` after the
// previous part this session sent, with "typing…" (or "recording…" before audio) shown to the chat meanwhile
// and "paused" after. A message leaves as its files, each its own part, then its text. A retry passes
// `partsSent` and the parts already accepted are skipped. Each part is built (and its file uploaded) before it
// is handed to the socket: a failure there was never sent (`unknownOutcome: false`); a failure once handed over
// may have reached WhatsApp (`unknownOutcome: true`), and is never sent again by us.

export type SendSocket = Pick<WASocket, 'relayMessage' | 'sendPresenceUpdate' | 'user'>;

export type SenderDeps = {
  /** The socket while the session is connected, else null. */
  socket: () => SendSocket | null;
  upload: WAMediaUploadFunction;
  logger: ILogger;
  /** Told of each message handed over (its content is answered if WhatsApp asks for it again). */
  sent?: (id: string, message: proto.IMessage) => void;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

type Part = { content: AnyMessageContent; presence: 'composing' | 'recording' };

/** Voice notes are ogg/opus: they go as push-to-talk, other audio as a file to play. */
const isVoice = (mime: string) => /ogg|opus/i.test(mime);

function fileContent(f: WawebFile): AnyMessageContent {
  switch (f.kind) {
    case 'image':
      return { image: f.data, mimetype: f.mimeType };
    case 'video':
      return { video: f.data, mimetype: f.mimeType, fileName: f.fileName };
    case 'audio':
      return { audio: f.data, mimetype: f.mimeType, ptt: isVoice(f.mimeType) };
    default:
      return { document: f.data, mimetype: f.mimeType, fileName: f.fileName };
  }
}

/** The parts of a message in the order they leave: each file, then the text (when there is one). */
export function partsOf(m: WawebOutgoing): Part[] {
  const parts: Part[] = m.files.map((f) => ({
    content: fileContent(f),
    presence: f.kind === 'audio' ? 'recording' : 'composing',
  }));
  if (m.text.trim() !== '' || parts.length === 0)
    parts.push({ content: { text: m.text }, presence: 'composing' });
  return parts;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createWawebSender(deps: SenderDeps) {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let queue: Promise<unknown> = Promise.resolve();
  let lastSentAt: number | null = null;

  const run = async (m: WawebOutgoing, pacing: TWawebPacing): Promise<WawebSendOutcome> => {
    const parts = partsOf(m);
    let partsSent = Math.max(0, m.partsSent ?? 0);
    const ids: string[] = [];
    const failed = (error: string, unknownOutcome: boolean): WawebSendOutcome => ({
      state: 'failed',
      error,
      partsSent,
      unknownOutcome,
    });
    for (const part of parts.slice(partsSent)) {
      let sock = deps.socket();
      if (!sock?.user) return failed('Canal não está rodando', false);
      let built: proto.WebMessageInfo;
      try {
        built = await baileys.generateWAMessage(m.jid, part.content, {
          userJid: sock.user.id,
          upload: deps.upload,
          logger: deps.logger,
          messageId: baileys.generateMessageIDV2(sock.user.id),
        });
      } catch (err) {
        return failed(errorText(err), false);
      }
      const id = built.key.id;
      if (!id || !built.message) return failed('Mensagem não montada', false);
      if (pacing.presence) await sock.sendPresenceUpdate(part.presence, m.jid).catch(() => {});
      const due =
        lastSentAt === null
          ? 0
          : lastSentAt + pacing.min_interval_ms + Math.round(random() * pacing.jitter_ms);
      if (due > now()) await sleep(due - now());
      // The connection may have gone while this part waited its turn.
      sock = deps.socket();
      if (!sock) return failed('Canal não está rodando', false);
      try {
        deps.sent?.(id, built.message);
        await sock.relayMessage(m.jid, built.message, { messageId: id });
      } catch (err) {
        return failed(errorText(err), true);
      } finally {
        // The next part counts from when this one was handed over (or given up on).
        lastSentAt = now();
      }
      partsSent++;
      ids.push(id);
      if (pacing.presence) await sock.sendPresenceUpdate('paused', m.jid).catch(() => {});
    }
    return { state: 'sent', ids };
  };

  return {
    /** Queued behind this session's other sends; never throws. */
    send(m: WawebOutgoing, pacing: TWawebPacing): Promise<WawebSendOutcome> {
      const next = queue.then(() =>
        run(m, pacing).catch(
          (err: unknown): WawebSendOutcome => ({
            state: 'failed',
            error: errorText(err),
            partsSent: m.partsSent ?? 0,
            unknownOutcome: true,
          }),
        ),
      );
      queue = next;
      return next;
    },
  };
}
