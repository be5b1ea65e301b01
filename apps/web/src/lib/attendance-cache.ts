import type { TCard, TCardPage } from '@prosa/shared/attendance';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, errorMessage } from './api';
import { queryKeys } from './query-keys';
import { toast } from './toast';

// One attendance's state on screen, shared by the chat and by the features that change an attendance from
// their own modals (scheduling, contact fields, active WhatsApp): which one is open, and its cached card.

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

/**
 * A card's newer state for its own query. A fetch of that card still in flight may carry an older state
 * (read before the change): it is cancelled first, so it cannot overwrite the newer one when it lands.
 */
export function setOpenCard(queryClient: QueryClient, card: TCard) {
  const queryKey = queryKeys.attendance(card.id);
  queryClient
    .cancelQueries({ queryKey })
    .then(() => queryClient.setQueryData(queryKey, card))
    .catch(() => undefined);
}

/** A card's new state in a cached list page, where it is listed. */
export function replaceCard(page: TCardPage | undefined, card: TCard): TCardPage | undefined {
  if (!page?.items.some((c) => c.id === card.id)) return page;
  return { ...page, items: page.items.map((c) => (c.id === card.id ? card : c)) };
}

/** A card taken out of a cached list page (closed, or no longer visible). */
export function dropCard(page: TCardPage | undefined, id: number): TCardPage | undefined {
  if (!page?.items.some((c) => c.id === id)) return page;
  return { ...page, items: page.items.filter((c) => c.id !== id), total: Math.max(0, page.total - 1) };
}

/** The card's new state from a call's answer, in the card query and every list it is shown in. */
export function applyCard(queryClient: QueryClient, card: TCard) {
  setOpenCard(queryClient, card);
  queryClient.setQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists }, (page) =>
    replaceCard(page, card),
  );
}

/** A call's failure as a toast: permission refusals are warnings (6 s), the rest errors; server text wins. */
export function notifyFailure(error: unknown, fallback?: string) {
  if (error instanceof ApiError && error.status === 403) {
    toast.warning(errorMessage(error, fallback), { permission: true });
  } else {
    toast.apiError(error, fallback);
  }
}
