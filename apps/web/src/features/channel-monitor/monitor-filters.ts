import type { TMonitorChannel } from '@prosa/shared/channel-monitor';
import { isWawebOnline, isWawebRunning } from '@prosa/shared/waweb-states';

export type TMonitorFilters = {
  /** Part of the name or number, or `#id` for one channel. */
  name: string;
  /** A server id, or null for all. */
  server: string | null;
  onlineOnly: boolean;
  notRunningOnly: boolean;
};

export const NO_FILTERS: TMonitorFilters = {
  name: '',
  server: null,
  onlineOnly: false,
  notRunningOnly: false,
};

/** The channels the Monitor lists under `f` (spec 2 §2: name, also #id; server; online; not-running). */
export function filterMonitorChannels(channels: TMonitorChannel[], f: TMonitorFilters): TMonitorChannel[] {
  const text = f.name.trim().toLowerCase();
  const byId = /^#\s*(\d+)$/.exec(text);
  return channels.filter((c) => {
    if (byId && c.id !== Number(byId[1])) return false;
    if (!byId && text && !c.display_name.toLowerCase().includes(text) && !c.phone_number.includes(text))
      return false;
    if (f.server !== null && c.server_id !== f.server) return false;
    if (f.onlineOnly && !isWawebOnline(c.state)) return false;
    if (f.notRunningOnly && isWawebRunning(c.state)) return false;
    return true;
  });
}
