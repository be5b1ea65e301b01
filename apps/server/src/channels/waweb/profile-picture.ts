import { zId } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { type ChannelServer, localWawebSession } from './channel-server';
import { ControlUnreachable, callControl } from './control-client';
import { findHolder } from './control-lookup';
import type { SessionRef } from './leases';

// A person's profile picture asked through the session of their number, wherever it runs: this process's own
// session when it holds it, else POST {holder}/api/profile-picture on the channel server that does.

const NOT_RUNNING = 'Canal não está rodando';

/** Body of the internal POST /api/profile-picture. */
export const ZControlProfilePicture = z.object({
  id: zId('Informe o id do canal.'),
  jid: z.string().min(3).max(200),
});
export type TControlProfilePicture = z.infer<typeof ZControlProfilePicture>;

/** WhatsApp's URL of the picture, or null when the person has none (or hides it). */
export const ZProfilePictureAnswer = z.object({ url: z.string().url().nullable() });

/** On the holder: asks through the session this server runs (400 when it runs none connected). */
export async function profilePictureOnThisServer(
  deps: { server: Pick<ChannelServer, 'sessions'> },
  m: TControlProfilePicture,
): Promise<{ url: string | null }> {
  const session = deps.server.sessions().get(m.id);
  if (session?.state !== 'CONNECTED') throw badRequest(NOT_RUNNING);
  return { url: await session.profilePictureUrl(m.jid) };
}

/**
 * The picture's URL through the number's session; `unavailable` when no connected session answers (nobody holds
 * the number, or it is not connected): the caller asks again another day.
 */
export async function profilePictureThroughHolder(
  deps: { db: Db; appSecret: string },
  ref: SessionRef,
  jid: string,
): Promise<{ state: 'found'; url: string } | { state: 'none' } | { state: 'unavailable' }> {
  const answer = (url: string | null) =>
    url ? { state: 'found' as const, url } : { state: 'none' as const };
  const session = localWawebSession(ref.channelId);
  if (session) {
    if (session.state !== 'CONNECTED') return { state: 'unavailable' };
    return answer(await session.profilePictureUrl(jid));
  }
  const holder = await findHolder(deps.db, ref);
  if (!holder) return { state: 'unavailable' };
  try {
    const res = await callControl({ url: holder.url, appSecret: deps.appSecret }, '/api/profile-picture', {
      id: ref.channelId,
      jid,
    });
    const parsed = ZProfilePictureAnswer.safeParse(await res.json());
    if (!parsed.success) throw new Error('Resposta inválida do servidor de canais');
    return answer(parsed.data.url);
  } catch (err) {
    const status = (err as { httpStatus?: number }).httpStatus ?? 0;
    if (err instanceof ControlUnreachable || status === 400) return { state: 'unavailable' };
    throw err;
  }
}
