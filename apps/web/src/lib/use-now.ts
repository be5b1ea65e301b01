import { useSyncExternalStore } from 'react';

// One clock for every card and header on screen: elapsed labels and the web chat offline badge tick with it.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => now;

/** The current time in ms, updated every second while someone is watching. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
