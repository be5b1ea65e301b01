import type { TChannelUpdate, TMonitorChannel, TMonitorServer } from '@prosa/shared/channel-monitor';
import { describe, expect, it } from 'vitest';
import { channelsInAlert, isServerSilent } from './monitor-alerts';
import {
  applyMonitorChannel,
  applyPing,
  applyServerDisconnected,
  monitorViewOf,
  type TMonitorView,
} from './monitor-data';
import { filterMonitorChannels, NO_FILTERS } from './monitor-filters';

const T0 = Date.parse('2026-11-26T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const channel = (id: number, over: Partial<TMonitorChannel> = {}): TMonitorChannel => ({
  id,
  uuid: `u-${id}`,
  state: 'CONNECTED',
  state_since: iso(T0),
  server_id: 'srv-a',
  display_name: `Número ${id}`,
  phone_number: `55119999900${String(id).padStart(2, '0')}`,
  ...over,
});

const server = (id: string, over: Partial<TMonitorServer> = {}): TMonitorServer => ({
  id,
  timestamp: iso(T0),
  channels: 0,
  connected: true,
  notified: false,
  webhook: `http://127.0.0.1:1/${id}`,
  final_timestamp: null,
  ...over,
});

describe('Monitor filters', () => {
  const list = [
    channel(1, { display_name: 'Loja Centro' }),
    channel(12, { display_name: 'Loja Norte', state: 'UNPAIRED', server_id: 'srv-b' }),
    channel(3, { display_name: 'Suporte', state: 'not-running', server_id: null }),
  ];
  const ids = (f: Partial<typeof NO_FILTERS>) =>
    filterMonitorChannels(list, { ...NO_FILTERS, ...f }).map((c) => c.id);

  it('by name (any case), by number, and #id matches one id exactly', () => {
    expect(ids({})).toEqual([1, 12, 3]);
    expect(ids({ name: 'loja' })).toEqual([1, 12]);
    expect(ids({ name: '0012' })).toEqual([12]);
    expect(ids({ name: '#1' })).toEqual([1]);
    expect(ids({ name: '# 12' })).toEqual([12]);
    expect(ids({ name: '#99' })).toEqual([]);
  });

  it('by server, online only and not-running only', () => {
    expect(ids({ server: 'srv-b' })).toEqual([12]);
    expect(ids({ onlineOnly: true })).toEqual([1]);
    expect(ids({ notRunningOnly: true })).toEqual([3]);
    expect(ids({ name: 'loja', notRunningOnly: true })).toEqual([]);
  });
});

describe('Monitor alerts', () => {
  it('a channel 15 s in a bad state alerts; online or stopped on purpose does not', () => {
    const list = [
      channel(1, { state: 'UNPAIRED', state_since: iso(T0) }),
      channel(2, { state: 'TIMEOUT', state_since: iso(T0 + 1) }),
      channel(3, { state: 'CONNECTED', state_since: iso(T0 - 60_000) }),
      channel(4, { state: 'not-running', state_since: iso(T0 - 60_000) }),
      channel(5, { state: 'server-disconnected', state_since: null }),
    ];
    const firstSeen = () => T0;
    expect(channelsInAlert(list, T0 + 14_999, firstSeen)).toEqual([]);
    expect(channelsInAlert(list, T0 + 15_000, firstSeen).map((c) => c.id)).toEqual([1, 5]);
    expect(channelsInAlert(list, T0 + 15_001, firstSeen).map((c) => c.id)).toEqual([1, 2, 5]);
    // A number marked "em pane" does not alert; clearing the mark brings its alert back.
    expect(channelsInAlert(list, T0 + 15_001, firstSeen, new Set([2])).map((c) => c.id)).toEqual([1, 5]);
    expect(channelsInAlert(list, T0 + 15_001, firstSeen, new Set()).map((c) => c.id)).toEqual([1, 2, 5]);
  });

  it('a server is silent after 30 s without a ping, or once it is reported gone', () => {
    expect(isServerSilent(server('a'), T0 + 29_999)).toBe(false);
    expect(isServerSilent(server('a'), T0 + 30_000)).toBe(true);
    expect(isServerSilent(server('a', { connected: false }), T0)).toBe(true);
  });
});

describe('Monitor events applied to its data', () => {
  const view: TMonitorView = monitorViewOf(
    { servers: [server('srv-a')], channels: [channel(1)], now: iso(T0), breakdown_ids: [] },
    T0 - 2_000,
  );

  it('measures the server clock against this one', () => {
    expect(view.skewMs).toBe(2_000);
  });

  it('a ping revives a silent server; an unknown server asks for a new read', () => {
    const gone = applyServerDisconnected(view, { server_id: 'srv-a', final_timestamp: iso(T0 + 40_000) });
    expect(gone.servers[0]).toMatchObject({ connected: false, final_timestamp: iso(T0 + 40_000) });
    const back = applyPing(gone, { server_id: 'srv-a', timestamp: iso(T0 + 50_000) });
    expect(back?.servers[0]).toMatchObject({
      connected: true,
      timestamp: iso(T0 + 50_000),
      final_timestamp: null,
    });
    expect(applyPing(view, { server_id: 'srv-x', timestamp: iso(T0) })).toBeNull();
  });

  it('channel-update replaces a known channel and adds a new one', () => {
    const u: TChannelUpdate = {
      ...channel(1, { state: 'UNPAIRED_IDLE' }),
      online: false,
      running: true,
      last_error: null,
    };
    const next = applyMonitorChannel(view, u);
    expect(next.channels).toHaveLength(1);
    expect(next.channels[0]).toEqual(channel(1, { state: 'UNPAIRED_IDLE' }));
    expect(applyMonitorChannel(view, { ...u, id: 2 }).channels.map((c) => c.id)).toEqual([1, 2]);
  });
});
