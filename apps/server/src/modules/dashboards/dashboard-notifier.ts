import { rooms } from '@prosa/shared/events';
import type { TUpdateDashboard } from '@prosa/shared/reports';
import type { Server } from 'socket.io';

type Kind = TUpdateDashboard['kind'];

// Facts that change what the live monitor shows (queue, answers, operators' states and pauses).
const MONITOR_FACT = (name: string) =>
  name.startsWith('attendance.') ||
  name.startsWith('pause.') ||
  name === 'message.received' ||
  name === 'message.sent' ||
  name === 'operator.status_changed';

// Facts booked in the period figures (openings, closings, transfers, messages, sessions and pauses).
const COMPANY_FACTS = new Set([
  'attendance.opened',
  'attendance.closed',
  'attendance.reopened',
  'attendance.transferred',
  'attendance.assigned',
  'attendance.status_set',
  'message.received',
  'message.sent',
  'operator.status_changed',
  'pause.started',
  'pause.ended',
  // The internal-communication dashboard (issue 20).
  'internal.message',
]);

/** Which `update-dashboard` kinds a fact calls for. */
export function dashboardKindsOf(name: string): Kind[] {
  const kinds: Kind[] = [];
  if (MONITOR_FACT(name)) kinds.push('monitor');
  if (COMPANY_FACTS.has(name)) kinds.push('company');
  return kinds;
}

export type DashboardNotifier = {
  notify(companyId: number, factName: string): void;
  stop(): void;
};

/**
 * `update-dashboard` to a company's managers, coalesced: the first fact opens a window of `windowMs`, the event
 * leaves at its end once per kind, so a burst of facts costs the screens one refetch a second (and the rollups
 * consumer has had that time to book the facts the screens will read).
 */
export function createDashboardNotifier(io: Server, windowMs = 1000): DashboardNotifier {
  const pending = new Map<number, { timer: ReturnType<typeof setTimeout>; kinds: Set<Kind> }>();
  return {
    notify(companyId, factName) {
      const kinds = dashboardKindsOf(factName);
      if (kinds.length === 0) return;
      const open = pending.get(companyId);
      if (open) {
        for (const k of kinds) open.kinds.add(k);
        return;
      }
      const entry = {
        kinds: new Set(kinds),
        timer: setTimeout(() => {
          pending.delete(companyId);
          for (const kind of entry.kinds)
            io.local.to(rooms.companyManagers(companyId)).emit('update-dashboard', { kind });
        }, windowMs),
      };
      pending.set(companyId, entry);
    },
    stop() {
      for (const p of pending.values()) clearTimeout(p.timer);
      pending.clear();
    },
  };
}
