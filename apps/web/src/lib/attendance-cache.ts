import { useSyncExternalStore } from 'react';

// The attendance whose chat modal is open. The screen and the realtime handlers both need it: a card
// removed by the server must close the modal it is shown in.
let openId: number | null = null;
const listeners = new Set<() => void>();
// Attendances the user is sending away on purpose (finalize, transfer): their removal is not a surprise.
const leaving = new Map<number, ReturnType<typeof setTimeout>>();
const LEAVING_MS = 15_000;

function emit() {
  for (const listener of listeners) listener();
}

export const openAttendance = {
  get: () => openId,
  open(id: number) {
    if (openId === id) return;
    openId = id;
    emit();
  },
  close() {
    if (openId === null) return;
    openId = null;
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Before a call that may take the attendance away from this user. */
  markLeaving(id: number) {
    clearTimeout(leaving.get(id));
    leaving.set(
      id,
      setTimeout(() => leaving.delete(id), LEAVING_MS),
    );
  },
  /** After that call failed: a later removal is news again. */
  unmarkLeaving(id: number) {
    clearTimeout(leaving.get(id));
    leaving.delete(id);
  },
  isLeaving: (id: number) => leaving.has(id),
};

export function useOpenAttendanceId(): number | null {
  return useSyncExternalStore(openAttendance.subscribe, openAttendance.get, openAttendance.get);
}
