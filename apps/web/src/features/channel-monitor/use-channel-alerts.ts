import type { TMonitorChannel } from '@prosa/shared/channel-monitor';
import { useEffect, useMemo, useRef } from 'react';
import { beep } from './beep';
import { channelsInAlert } from './monitor-alerts';

/**
 * The channels in alert at `now` (server clock), with a beep each time one enters the alert. A channel that
 * comes back online (or is stopped) leaves it, and a new bad state starts the 15 s again.
 */
export function useChannelAlerts(
  channels: TMonitorChannel[],
  now: number,
  breakdown: ReadonlySet<number>,
): TMonitorChannel[] {
  // When the screen first saw each channel in its current state, for channels the server gives no "since".
  const seen = useRef(new Map<number, { state: string; at: number }>());
  for (const c of channels) {
    const s = seen.current.get(c.id);
    if (!s || s.state !== c.state) seen.current.set(c.id, { state: c.state, at: now });
  }
  const inAlert = useMemo(
    () => channelsInAlert(channels, now, (c) => seen.current.get(c.id)?.at ?? now, breakdown),
    [channels, now, breakdown],
  );

  const sounded = useRef(new Set<number>());
  const ids = inAlert.map((c) => c.id).join(',');
  useEffect(() => {
    const current = new Set(ids ? ids.split(',').map(Number) : []);
    if ([...current].some((id) => !sounded.current.has(id))) beep();
    sounded.current = current;
  }, [ids]);

  return inAlert;
}
