import { MONITOR_SERVER_SILENCE_MS, type TChannelUpdate } from '@prosa/shared/channel-monitor';
import { rooms } from '@prosa/shared/events';
import { isWawebOnline, isWawebRunning } from '@prosa/shared/waweb-states';
import type { Server } from 'socket.io';
import { toMonitorChannel } from '../modules/channel-monitor/get-monitor-data';
import { listMonitorChannels, type MonitorChannelRow } from '../modules/channel-monitor/repository';
import type { Db } from '../platform/db';

// `waweb.channel_updated` on this node's sockets (spec 2 §4, §7): the channel as it is now (`channel-update`) and
// its QR (`qr-text`, null when there is none) to the company's managers and admins and to the Monitors open on
// it (the company's and the platform owner's). One emit over the rooms: a socket in several gets it once.

export async function emitWawebChannelUpdate(
  io: Server,
  db: Db,
  fact: { companyId: number; channelId: number },
): Promise<void> {
  const [row] = await listMonitorChannels(db, {
    companyId: fact.companyId,
    channelId: fact.channelId,
    silentMs: MONITOR_SERVER_SILENCE_MS,
  });
  if (row) emitChannelRow(io, row);
}

/** The numbers a server holds, after it went silent or came back (no holder writes a fact then). */
export async function emitServerChannels(io: Server, db: Db, serverId: string): Promise<void> {
  const rows = await listMonitorChannels(db, {
    companyId: null,
    serverId,
    silentMs: MONITOR_SERVER_SILENCE_MS,
  });
  for (const row of rows) emitChannelRow(io, row);
}

function emitChannelRow(io: Server, row: MonitorChannelRow) {
  const update: TChannelUpdate = {
    ...toMonitorChannel(row),
    online: isWawebOnline(row.state),
    running: isWawebRunning(row.state),
    last_error: row.lastError,
  };
  const to = [rooms.companyManagers(row.companyId), rooms.monitor(row.companyId), rooms.monitorAll];
  io.local.to(to).emit('channel-update', update);
  io.local.to(to).emit('qr-text', { id: row.id, qr: row.state === 'UNPAIRED' ? row.qr : null });
}
