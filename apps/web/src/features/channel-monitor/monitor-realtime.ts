import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import type { TRealtimeSocket } from '../../lib/socket';
import {
  applyMonitorChannel,
  applyNewServer,
  applyPing,
  applyServerDisconnected,
  monitorViewOf,
  type TMonitorView,
} from './monitor-data';

// How many open Monitor screens want the Monitor's events, and the socket to ask on (set by startRealtime).
let watchers = 0;
let current: TRealtimeSocket | null = null;

/** The Monitor screen joins the Monitor's room while it is open (spec 2 §7: answered with `initialize`). */
export function watchMonitor(): () => void {
  watchers += 1;
  if (watchers === 1 && current?.connected) current.emit('monitor:join');
  return () => {
    watchers -= 1;
    if (watchers === 0 && current?.connected) current.emit('monitor:leave');
  };
}

/** The Monitor's events applied to its query data; registered once by startRealtime. */
export function createMonitorRealtime(queryClient: QueryClient, socket: TRealtimeSocket) {
  current = socket;
  const update = (fn: (view: TMonitorView) => TMonitorView | null) => {
    const view = queryClient.getQueryData<TMonitorView>(queryKeys.channelMonitor);
    if (!view) return;
    const next = fn(view);
    if (next) queryClient.setQueryData(queryKeys.channelMonitor, next);
    // Something the screen does not know yet (a server that pings before it is listed): read it all again.
    else void queryClient.invalidateQueries({ queryKey: queryKeys.channelMonitor });
  };

  socket.on('initialize', (data) => queryClient.setQueryData(queryKeys.channelMonitor, monitorViewOf(data)));
  socket.on('prosa-ping', (ping) => update((view) => applyPing(view, ping)));
  socket.on('new-server', (server) => update((view) => applyNewServer(view, server)));
  socket.on('server-disconnected', (e) => update((view) => applyServerDisconnected(view, e)));
  socket.on('channel-update', (u) => update((view) => applyMonitorChannel(view, u)));

  return {
    /** On every (re)connection the rooms are new: join again if a Monitor is open. */
    resync() {
      if (watchers > 0) socket.emit('monitor:join');
    },
    dispose() {
      if (current === socket) current = null;
    },
  };
}
