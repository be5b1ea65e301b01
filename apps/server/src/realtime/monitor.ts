import {
  MONITOR_PING_CHECK_MS,
  MONITOR_PING_EVENT,
  MONITOR_SERVER_SILENCE_MS,
} from '@prosa/shared/channel-monitor';
import { rooms } from '@prosa/shared/events';
import { ROLE } from '@prosa/shared/roles';
import type { Server, Socket } from 'socket.io';
import { getMonitorData, toMonitorServer } from '../modules/channel-monitor/get-monitor-data';
import { countHeldSessions, listMonitorServers } from '../modules/channel-monitor/repository';
import type { Db } from '../platform/db';
import { emitServerChannels } from './waweb-fanout';

// The channel Monitor's sockets (spec 2 §7). `monitor:join` (managers and admins; the platform owner joins the
// room of every company) answers `initialize` with what GET /api/monitor/get-data answers. While this node has
// Monitor sockets (or managers' sockets) it reads `channel_servers` every second and tells its own sockets of each
// ping, each new server and each server silent for 30 s, with the numbers it held (docs/decisions/0006: pings are
// read from the table, not written as facts).

type MonitorSocket = Pick<Socket, 'join' | 'leave' | 'emit' | 'on'> & {
  data: { companyId: number; role: number };
};

const roomOf = (data: { companyId: number; role: number }) =>
  data.role >= ROLE.lord ? rooms.monitorAll : rooms.monitor(data.companyId);

export function registerMonitorSocket(
  socket: MonitorSocket,
  db: Db,
  log?: (msg: string, err?: unknown) => void,
) {
  socket.on('monitor:join', async () => {
    if (socket.data.role < ROLE.manager) return;
    try {
      await socket.join(roomOf(socket.data));
      socket.emit('initialize', await getMonitorData({ db }, socket.data));
    } catch (err) {
      log?.('monitor: falha ao iniciar', err);
    }
  });
  socket.on('monitor:leave', async () => {
    await socket.leave(roomOf(socket.data));
  });
}

/** What this node told of a server: its last ping, whether silent, and the Monitor rooms that know it. */
type Seen = { ping: string; silent: boolean; told: Set<string> };

/** The ping watcher of this node: one read a second, only while one of its sockets watches (Monitor, manager). */
export function startMonitorPings(
  io: Server,
  db: Db,
  opts: { intervalMs?: number; log?: (msg: string, err?: unknown) => void } = {},
): { check(): Promise<void>; stop(): Promise<void> } {
  const seen = new Map<string, Seen>();
  let busy = false;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  // The first read learns the servers (the sockets had them in `initialize`) and tells of their last pings.
  let primed = false;

  // Monitors, and the managers' rooms (their WhatsApp panel shows a number on a silent server as such).
  const watchingRooms = () =>
    [...io.of('/').adapter.rooms.keys()].filter(
      (r) => r === rooms.monitorAll || /^monitor:\d+$/.test(r) || /^company:\d+:managers$/.test(r),
    );

  const check = async () => {
    const open = watchingRooms();
    if (open.length === 0 || busy || stopped) return;
    busy = true;
    try {
      const [servers, held] = await Promise.all([listMonitorServers(db, null), countHeldSessions(db)]);
      for (const s of servers) {
        const companies = held.filter((h) => h.serverId === s.id);
        // The owner's Monitor hears of every server; a company's, of the servers holding its numbers.
        const to = [rooms.monitorAll, ...companies.map((h) => rooms.monitor(h.companyId))];
        const total = companies.reduce((n, h) => n + h.n, 0);
        const ping = s.lastPingAt.toISOString();
        const silent = s.silentMs >= MONITOR_SERVER_SILENCE_MS;
        const before = seen.get(s.id);
        const told = new Set(before?.told ?? (primed ? [] : to));
        // A server new to a room (new, or now holding one of the company's numbers): that room is told of it.
        const fresh = to.filter((r) => !told.has(r));
        for (const r of fresh) told.add(r);
        seen.set(s.id, { ping, silent, told });
        if (fresh.length > 0) io.local.to(fresh).emit('new-server', toMonitorServer(s, total));
        if (before?.ping !== ping)
          io.local.to(to).emit(MONITOR_PING_EVENT, { server_id: s.id, timestamp: ping });
        if (silent && before?.silent === false)
          io.local.to(to).emit('server-disconnected', { server_id: s.id, final_timestamp: ping });
        // Its numbers change state with it (server-disconnected, or back): nobody writes a fact for that.
        if (before && silent !== before.silent) await emitServerChannels(io, db, s.id);
      }
      primed = true;
    } catch (err) {
      opts.log?.('monitor: falha ao ler os servidores de canais', err);
    } finally {
      busy = false;
    }
  };

  const timer = setInterval(() => {
    inFlight = check();
  }, opts.intervalMs ?? MONITOR_PING_CHECK_MS);
  timer.unref();
  return {
    check,
    // Waits for a read under way: the database may close right after.
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
