import type { TWawebConfig } from '@prosa/shared/waweb';
import type { ChannelCtx, OpenChannel, OutboundSend, SendResult } from '../port';
import { localWawebSession } from './channel-server';
import { ControlUnreachable, callControl } from './control-client';
import { findHolder } from './control-lookup';
import { NOT_CONNECTED_RETRY_MS, type TControlSend, toSendResult, ZSendOutcome } from './control-send';
import { jidOf, loadWawebFiles } from './control-session';

// An outgoing message of a number by QR leaves through its session, wherever it runs: through the session of this
// process when it holds it, else over POST {holder}/api/send to the channel server that does. Nobody holding it:
// the message waits and is tried again. No answer from the holder after the request left: it may have been sent,
// so it is never sent again.

const NOT_RUNNING: SendResult = {
  state: 'retry',
  error: 'Canal não está rodando',
  retryAfterMs: NOT_CONNECTED_RETRY_MS,
};

export async function sendThroughHolder(
  ctx: ChannelCtx,
  ch: OpenChannel<TWawebConfig>,
  m: OutboundSend,
): Promise<SendResult> {
  const body: TControlSend = {
    id: ch.id,
    jid: jidOf(m.to.externalId),
    text: m.text,
    media: m.media,
    parts_sent: m.partsSent ?? 0,
    pacing: ch.config.pacing,
  };
  const session = localWawebSession(ch.id);
  if (session) {
    let files: Awaited<ReturnType<typeof loadWawebFiles>>;
    try {
      files = await loadWawebFiles(ctx.storage, m.media);
    } catch (err) {
      return { state: 'error', error: err instanceof Error ? err.message : String(err) };
    }
    return toSendResult(
      await session.send({ jid: body.jid, text: body.text, files, partsSent: body.parts_sent }, body.pacing),
    );
  }
  const holder = await findHolder(ctx.db, { companyId: ch.companyId, channelId: ch.id });
  if (!holder) return NOT_RUNNING;
  try {
    // Long enough for the pacing of every part (a person's typing between them).
    const res = await callControl({ url: holder.url, appSecret: ctx.appSecret }, '/api/send', body, {
      timeoutMs: 120_000,
    });
    const outcome = ZSendOutcome.safeParse(await res.json());
    if (!outcome.success)
      return { state: 'error', error: 'Resposta inválida do servidor de canais', unknownOutcome: true };
    return toSendResult(outcome.data);
  } catch (err) {
    if (err instanceof ControlUnreachable && !err.reached) return NOT_RUNNING;
    const error = err instanceof Error ? err.message : String(err);
    // Refused by the holder before sending (a 4xx: bad body) sent nothing; anything else may have.
    const status = (err as { httpStatus?: number }).httpStatus ?? 0;
    return status >= 400 && status < 500
      ? { state: 'error', error }
      : { state: 'error', error, unknownOutcome: true };
  }
}
