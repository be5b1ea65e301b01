import type { Server as HttpServer } from 'node:http';
import { rooms, type TClientToServerEvents, type TServerToClientEvents } from '@prosa/shared/events';
import { MSG } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { presentMessage } from '../modules/attachments/present';
import { loadViewer } from '../modules/attendance/viewer';
import { checkAccess } from '../modules/auth/check-access';
import { findActiveSession } from '../modules/auth/repository';
import { socketTokenMatches } from '../modules/auth/sessions';
import type { AppDeps } from '../platform/deps';
import { startFactFanout } from './fact-fanout';
import { registerMonitorSocket, startMonitorPings } from './monitor';
import { relayOperatorTyping } from './newchat-realtime';
import { registerVisitorNamespace } from './visitor-namespace';

type SocketData = { sessionId: string; userId: number; companyId: number; role: number };

export type Realtime = {
  io: Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, SocketData>;
  close: () => Promise<void>;
};

/**
 * Socket.IO authenticated by the session's realtime token and company id (spec 1 §7). Each socket joins its
 * company, user, session and sector rooms; with REDIS_URL, rooms are shared by every API node.
 */
export async function startRealtime(
  httpServer: HttpServer,
  deps: AppDeps,
  /** The database the facts are read from (DATABASE_URL unless the server started an embedded one). */
  opts: { databaseUrl?: string } = {},
): Promise<Realtime> {
  const databaseUrl = opts.databaseUrl ?? deps.config.DATABASE_URL;
  if (!databaseUrl) throw new Error('tempo real sem endereço do banco de dados');
  const io = new Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, SocketData>(
    httpServer,
    {
      path: '/socket.io',
      serveClient: false,
    },
  );

  const redisClients: { quit: () => Promise<unknown> }[] = [];
  if (deps.config.REDIS_URL) {
    const pub = createClient({ url: deps.config.REDIS_URL });
    const sub = pub.duplicate();
    pub.on('error', () => {});
    sub.on('error', () => {});
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  io.use(async (socket, next) => {
    try {
      const { token, company_id } = socket.handshake.auth as { token?: unknown; company_id?: unknown };
      if (typeof token !== 'string' || !token.includes('.')) return next(new Error(MSG.realtimeAuthError));
      const sessionId = token.split('.')[0] ?? '';
      if (!/^[0-9a-f-]{36}$/.test(sessionId)) return next(new Error(MSG.realtimeAuthError));
      const active = await findActiveSession(deps.db, { id: sessionId });
      if (
        !active ||
        !socketTokenMatches(deps.appSecret, token, active) ||
        Number(company_id) !== active.user.companyId
      ) {
        return next(new Error(MSG.realtimeAuthError));
      }
      checkAccess(active, socket.handshake.address);
      socket.data = {
        sessionId: active.session.id,
        userId: active.user.id,
        companyId: active.user.companyId,
        role: active.user.role,
      };
      const viewer = await loadViewer(deps.db, {
        sessionId: active.session.id,
        userId: active.user.id,
        companyId: active.user.companyId,
        role: active.user.role,
        displayName: active.user.displayName,
      });
      const cardRoomsOfViewer = cardRoomsOf(viewer);
      await socket.join([
        rooms.company(active.user.companyId),
        rooms.user(active.user.id),
        rooms.session(active.session.id),
        ...(active.user.role >= ROLE.manager ? [rooms.companyManagers(active.user.companyId)] : []),
        ...viewer.sectorIds.map(rooms.sector),
        ...cardRoomsOfViewer,
      ]);
      next();
    } catch {
      next(new Error(MSG.realtimeAuthError));
    }
  });

  io.on('connection', (socket) => {
    socket.on('ping', (ack) => {
      if (typeof ack === 'function')
        ack({ ok: true, userId: socket.data.userId, companyId: socket.data.companyId });
    });
    registerMonitorSocket(socket, deps.db, (msg, err) => console.error(msg, err));
    relayOperatorTyping(io as unknown as Server, deps.db, socket as unknown as Socket, socket.data);
  });
  const monitorPings = startMonitorPings(io as unknown as Server, deps.db, {
    log: (msg, err) => console.error(msg, err),
  });

  const fanout = await startFactFanout(
    io as unknown as Server,
    {
      db: deps.db,
      url: databaseUrl,
      log: (msg, err) => console.error(msg, err),
      // Triage or distribution changed: this node's sockets of the company move to the card rooms of their
      // new view mode, so nobody keeps receiving cards they may no longer see.
      refreshCardRooms: (companyId) => refreshCardRooms(io as unknown as Server, deps, companyId),
    },
    (m) => presentMessage(deps, m),
  );
  await fanout.ready;
  const stopVisitors = registerVisitorNamespace(io as unknown as Server, deps);

  return {
    io,
    close: async () => {
      await monitorPings.stop();
      stopVisitors();
      await fanout.stop();
      await new Promise<void>((done) => io.close(() => done()));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => {})));
    },
  };
}

function cardRoomsOf(viewer: { mode: 'ALL' | 'OWN' | 'OWN_NONE'; sectorIds: number[] }): string[] {
  if (viewer.mode === 'ALL') return viewer.sectorIds.map(rooms.sectorAll);
  if (viewer.mode === 'OWN_NONE') return viewer.sectorIds.map(rooms.sectorUnassigned);
  return [];
}

const isCardRoom = (room: string) => /^sector:\d+:(all|unassigned)$/.test(room);

/** Moves this node's sockets of a company to the card rooms of their current view (each node does its own). */
async function refreshCardRooms(io: Server, deps: Pick<AppDeps, 'db'>, companyId: number) {
  const sockets = await io.local.in(rooms.company(companyId)).fetchSockets();
  for (const socket of sockets) {
    const data = socket.data as SocketData;
    const viewer = await loadViewer(deps.db, { ...data, displayName: '' });
    for (const room of socket.rooms) if (isCardRoom(room)) socket.leave(room);
    socket.join(cardRoomsOf(viewer));
  }
}
