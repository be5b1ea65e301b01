import {
  MONITOR_SERVER_SILENCE_MS,
  type TMonitorChannel,
  type TMonitorData,
  type TMonitorServer,
} from '@prosa/shared/channel-monitor';
import { ROLE } from '@prosa/shared/roles';
import { ZWawebConfig } from '@prosa/shared/waweb';
import type { Db } from '../../platform/db';
import {
  dbNow,
  listBreakdownIds,
  listMonitorChannels,
  listMonitorServers,
  type MonitorChannelRow,
  type MonitorServerRow,
} from './repository';

// GET /api/monitor/get-data (spec 2 §7), also the `initialize` answer to `monitor:join`: the company's WhatsApp
// numbers by QR and the channel servers holding them; the platform owner (role 1000) sees every company and
// every server.

export type MonitorViewer = { companyId: number; role: number };

/** Company id to read, or null for every company. */
export const monitorScope = (viewer: MonitorViewer) => (viewer.role >= ROLE.lord ? null : viewer.companyId);

export function toMonitorChannel(r: MonitorChannelRow): TMonitorChannel {
  const config = ZWawebConfig.safeParse(r.config);
  return {
    id: r.id,
    uuid: r.routeKey,
    state: r.state,
    state_since: r.stateSince?.toISOString() ?? null,
    server_id: r.serverId,
    display_name: r.name,
    phone_number: config.success ? config.data.phone_number : '',
  };
}

export function toMonitorServer(s: MonitorServerRow, channels: number): TMonitorServer {
  const connected = s.silentMs < MONITOR_SERVER_SILENCE_MS;
  return {
    id: s.id,
    timestamp: s.lastPingAt.toISOString(),
    channels,
    connected,
    notified: !connected,
    webhook: s.url,
    final_timestamp: connected ? null : s.lastPingAt.toISOString(),
  };
}

export async function getMonitorData(deps: { db: Db }, viewer: MonitorViewer): Promise<TMonitorData> {
  const scope = monitorScope(viewer);
  const rows = await listMonitorChannels(deps.db, { companyId: scope, silentMs: MONITOR_SERVER_SILENCE_MS });
  const held = new Map<string, number>();
  for (const r of rows) if (r.serverId) held.set(r.serverId, (held.get(r.serverId) ?? 0) + 1);
  const servers = await listMonitorServers(deps.db, scope === null ? null : [...held.keys()]);
  return {
    servers: servers.map((s) => toMonitorServer(s, held.get(s.id) ?? 0)),
    channels: rows.map(toMonitorChannel),
    now: (await dbNow(deps.db)).toISOString(),
    breakdown_ids: await listBreakdownIds(deps.db, scope),
  };
}
