import { rooms } from '@prosa/shared/events';
import type { Server } from 'socket.io';
import { writeFacts } from '../facts/write-facts';
import { updatedFact } from '../modules/attendance/attendance-facts';
import { setVisitorOnline } from '../modules/webchat/repository';
import { visitorFromToken } from '../modules/webchat/visitor';
import type { AppDeps } from '../platform/deps';
import { relayVisitorTyping } from './newchat-realtime';

/**
 * /webchat: the widget's socket, authenticated by the visitor token. It receives the operators' messages and
 * the finalization; its presence drives the card's webchat_offline state (offline after 180 s away).
 */
export function registerVisitorNamespace(io: Server, deps: Pick<AppDeps, 'db'>): () => void {
  const nsp = io.of('/webchat');
  nsp.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      const { visitor } = await visitorFromToken(deps, typeof token === 'string' ? token : undefined);
      socket.data = { visitorId: visitor.id, companyId: visitor.companyId, contactId: visitor.contactId };
      await socket.join(rooms.visitor(visitor.id));
      next();
    } catch {
      next(new Error('visitante não autenticado'));
    }
  });

  const presence = async (
    data: { companyId: number; contactId: number; visitorId: string },
    online: boolean,
  ) => {
    if (!online) {
      // Another tab of the same visitor (on any node) keeps them online.
      const others = await nsp.in(rooms.visitor(data.visitorId)).fetchSockets();
      if (others.length > 0) return;
    }
    // The contact's presence on its channel (the card's offline state): its fact shows it on the screens.
    await deps.db.transaction(async (tx) => {
      const changed = await setVisitorOnline(tx, data.companyId, data.contactId, online);
      if (changed) await writeFacts(tx, [updatedFact(changed, ['contactOfflineSince'])]);
    });
  };

  nsp.on('connection', (socket) => {
    const data = socket.data as { companyId: number; contactId: number; visitorId: string };
    presence(data, true).catch(() => {});
    relayVisitorTyping(io, deps.db, socket, data);
    socket.on('disconnect', () => {
      presence(data, false).catch(() => {});
    });
  });
  return () => nsp.disconnectSockets(true);
}
