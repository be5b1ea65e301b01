import type {
  TChannelUpdate,
  TMonitorChannel,
  TMonitorData,
  TMonitorServer,
} from '@prosa/shared/channel-monitor';

/** The Monitor's data as the screen keeps it: `skewMs` is the server clock minus this browser's clock. */
export type TMonitorView = TMonitorData & { skewMs: number };

export function monitorViewOf(data: TMonitorData, receivedAt: number = Date.now()): TMonitorView {
  const serverNow = Date.parse(data.now);
  return { ...data, skewMs: Number.isNaN(serverNow) ? 0 : serverNow - receivedAt };
}

function upsertBy<T extends { id: unknown }>(list: T[], item: T): T[] {
  return list.some((x) => x.id === item.id)
    ? list.map((x) => (x.id === item.id ? item : x))
    : [...list, item];
}

/** A server's ping: it is alive as of `timestamp`. False when the server is not known yet (fetch again). */
export function applyPing(view: TMonitorView, ping: { server_id: string; timestamp: string }) {
  if (!view.servers.some((s) => s.id === ping.server_id)) return null;
  return {
    ...view,
    servers: view.servers.map((s) =>
      s.id === ping.server_id
        ? { ...s, timestamp: ping.timestamp, connected: true, notified: false, final_timestamp: null }
        : s,
    ),
  };
}

export function applyNewServer(view: TMonitorView, server: TMonitorServer): TMonitorView {
  return { ...view, servers: upsertBy(view.servers, server) };
}

export function applyServerDisconnected(
  view: TMonitorView,
  e: { server_id: string; final_timestamp: string },
): TMonitorView {
  return {
    ...view,
    servers: view.servers.map((s) =>
      s.id === e.server_id
        ? { ...s, connected: false, notified: true, final_timestamp: e.final_timestamp }
        : s,
    ),
  };
}

export function applyMonitorChannel(view: TMonitorView, u: TChannelUpdate): TMonitorView {
  const channel: TMonitorChannel = {
    id: u.id,
    uuid: u.uuid,
    state: u.state,
    state_since: u.state_since,
    server_id: u.server_id,
    display_name: u.display_name,
    phone_number: u.phone_number,
  };
  return { ...view, channels: upsertBy(view.channels, channel) };
}
