import {
  NEWCHAT_TYPING_THROTTLE_MS,
  NEWCHAT_TYPING_TTL_MS,
  type TTypingSignal,
  typingSignal,
} from '@prosa/shared/newchat-queue';
import { useSyncExternalStore } from 'react';
import type { TRealtimeSocket } from '../../lib/socket';

// Typing of NewChat visitors (ephemeral socket events, never stored): which cards show "digitando…" now, and the
// operator's own typing sent to the card's visitor. Registered once by startRealtime.
let current: TRealtimeSocket | null = null;
const until = new Map<number, number>();
const listeners = new Set<() => void>();
const outgoing = new Map<number, TTypingSignal>();
const notify = () => {
  for (const l of listeners) l();
};

export function createTypingRealtime(socket: TRealtimeSocket) {
  current = socket;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  socket.on('attendance:typing', ({ attendance_id }) => {
    until.set(attendance_id, Date.now() + NEWCHAT_TYPING_TTL_MS);
    notify();
    const t = setTimeout(() => {
      timers.delete(t);
      if ((until.get(attendance_id) ?? 0) <= Date.now()) {
        until.delete(attendance_id);
        notify();
      }
    }, NEWCHAT_TYPING_TTL_MS + 50);
    timers.add(t);
  });
  return {
    dispose() {
      for (const t of timers) clearTimeout(t);
      for (const signal of outgoing.values()) signal.dispose();
      outgoing.clear();
      until.clear();
      current = null;
      notify();
    },
  };
}

/** A new message of the contact ends their typing. */
export function clearVisitorTyping(attendanceId: number) {
  if (until.delete(attendanceId)) notify();
}

/** Whether the card's visitor is typing (for "digitando…" in the chat). */
export function useVisitorTyping(attendanceId: number): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (until.get(attendanceId) ?? 0) > Date.now(),
  );
}

/** The operator typed in the card's composer: the visitor hears it, paced (a trailing send is never lost). */
export function sendOperatorTyping(attendanceId: number) {
  let signal = outgoing.get(attendanceId);
  if (!signal) {
    signal = typingSignal(NEWCHAT_TYPING_THROTTLE_MS, () => {
      if (current?.connected) current.emit('typing', { attendance_id: attendanceId });
    });
    outgoing.set(attendanceId, signal);
  }
  signal.poke();
}

/** The operator's message went out: their typing ended, the next keystroke is sent at once. */
export function operatorTypingEnded(attendanceId: number) {
  outgoing.get(attendanceId)?.reset();
}
