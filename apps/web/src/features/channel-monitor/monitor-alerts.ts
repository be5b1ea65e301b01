import {
  MONITOR_CHANNEL_ALERT_MS,
  MONITOR_SERVER_SILENCE_MS,
  type TMonitorChannel,
  type TMonitorServer,
} from '@prosa/shared/channel-monitor';
import { isWawebOnline } from '@prosa/shared/waweb-states';

/**
 * A channel needs attention when it is not online, unless someone stopped it on purpose (not-running):
 * waiting for a QR, pairing, timed out, on a silent server, gone.
 */
export const isBadState = (state: TMonitorChannel['state']) =>
  !isWawebOnline(state) && state !== 'not-running';

/** Since when (server clock, ms) a channel is in its state; falls back to when the screen first saw it. */
export function stateStart(c: TMonitorChannel, firstSeen: number): number {
  const since = c.state_since ? Date.parse(c.state_since) : Number.NaN;
  return Number.isNaN(since) ? firstSeen : since;
}

/**
 * The channels that have been in a bad state for MONITOR_CHANNEL_ALERT_MS or more at `now` (server clock), but
 * for those marked "em pane" (a known breakdown someone is already handling).
 */
export function channelsInAlert(
  channels: TMonitorChannel[],
  now: number,
  firstSeen: (c: TMonitorChannel) => number,
  breakdown: ReadonlySet<number> = new Set(),
): TMonitorChannel[] {
  return channels.filter(
    (c) =>
      !breakdown.has(c.id) &&
      isBadState(c.state) &&
      now - stateStart(c, firstSeen(c)) >= MONITOR_CHANNEL_ALERT_MS,
  );
}

/** A server is silent once it said it went away or has not pinged for MONITOR_SERVER_SILENCE_MS. */
export function isServerSilent(s: TMonitorServer, now: number): boolean {
  if (!s.connected) return true;
  const last = Date.parse(s.timestamp);
  return Number.isNaN(last) || now - last >= MONITOR_SERVER_SILENCE_MS;
}
