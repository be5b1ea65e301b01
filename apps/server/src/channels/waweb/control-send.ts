import { ZStoredAttachment } from '@prosa/shared/attachments';
import { zId } from '@prosa/shared/ids';
import { ZWawebPacing } from '@prosa/shared/waweb';
import { z } from '@prosa/shared/zod';
import type { Storage } from '../../platform/storage/storage';
import type { SendResult } from '../port';
import type { ChannelServer } from './channel-server';
import { loadWawebFiles } from './control-session';
import type { WawebSendOutcome } from './session-types';

// Sending through the session's holder (issue 13): a message reaches the node that runs its number's session,
// here or over POST {holder}/api/send; the outcome travels back as the session said it, and becomes the
// platform's SendResult in one place.

/**
 * How long a message waits for its number's session to be connected again before the next attempt: longer than a
 * request waits in place (send-outbound.ts), so the operator's answer comes at once with the message still
 * sending, and the durable job tries again while the session comes back (five attempts, about a minute).
 */
export const NOT_CONNECTED_RETRY_MS = 15_000;

/** Body of the internal POST /api/send: the holder reads the files from the shared storage itself. */
export const ZControlSend = z.object({
  id: zId('Informe o id do canal.'),
  jid: z.string().min(3).max(200),
  text: z.string().max(65_536),
  media: z.array(ZStoredAttachment).max(20),
  parts_sent: z.number().int().min(0).max(100).optional(),
  pacing: ZWawebPacing,
});
export type TControlSend = z.infer<typeof ZControlSend>;

export const ZSendOutcome = z.discriminatedUnion('state', [
  z.object({ state: z.literal('sent'), ids: z.array(z.string()) }),
  z.object({
    state: z.literal('failed'),
    error: z.string(),
    partsSent: z.number().int(),
    unknownOutcome: z.boolean(),
  }),
]);

const NOT_CONNECTED = 'Canal não está rodando';

/** Sends on the session this process runs; a session not here (or not connected) sent nothing. */
export async function sendOnThisServer(
  deps: { server: Pick<ChannelServer, 'sessions'>; storage: Storage },
  m: TControlSend,
): Promise<WawebSendOutcome> {
  const session = deps.server.sessions().get(m.id);
  const partsSent = m.parts_sent ?? 0;
  if (session?.state !== 'CONNECTED')
    return { state: 'failed', error: NOT_CONNECTED, partsSent, unknownOutcome: false };
  let files: Awaited<ReturnType<typeof loadWawebFiles>>;
  try {
    files = await loadWawebFiles(deps.storage, m.media);
  } catch (err) {
    return {
      state: 'failed',
      error: err instanceof Error ? err.message : String(err),
      partsSent,
      unknownOutcome: false,
    };
  }
  return session.send({ jid: m.jid, text: m.text, files, partsSent }, m.pacing);
}

/** The session's outcome as the outbound path reads it: never sent twice, tried again while not connected. */
export function toSendResult(outcome: WawebSendOutcome): SendResult {
  if (outcome.state === 'sent') return { state: 'sent', providerMessageId: outcome.ids.at(-1) };
  if (outcome.unknownOutcome) return { state: 'error', error: outcome.error, unknownOutcome: true };
  return {
    state: 'retry',
    error: outcome.error,
    retryAfterMs: NOT_CONNECTED_RETRY_MS,
    partsSent: outcome.partsSent,
  };
}
