import { ATT_MSG, type TCard, type TCardPage, type TMessage } from '@prosa/shared/attendance';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { dropCard, mergeMessage, replaceCard, type TMessagePages } from './message-cache';
import { openAttendance } from './open-attendance';

// Spec 1 §9: the list (order, pages, counters) is refreshed 1 s after a change, once per burst of events.
const LIST_REFRESH_MS = 1000;
// Spec 1 §8: warnings in the chat stay 5 s.
export const CHAT_WARNING_MS = 5000;

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

export type TChatRealtime = {
  upsert: (card: TCard) => void;
  removed: (payload: { id: number; closed: boolean }) => void;
  message: (payload: { attendance_id: number; message: TMessage }) => void;
  /** After a reconnection: whatever happened meanwhile is fetched again. */
  resync: () => void;
  dispose: () => void;
};

/** How the chat's query caches follow the attendance events (wired to the socket in src/lib/realtime.ts). */
export function createChatRealtime(queryClient: QueryClient): TChatRealtime {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refreshLists = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
    }, LIST_REFRESH_MS);
  };

  return {
    upsert(card) {
      queryClient.setQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists }, (page) =>
        replaceCard(page, card),
      );
      if (queryClient.getQueryData(queryKeys.attendance(card.id)) !== undefined)
        setOpenCard(queryClient, card);
      refreshLists();
    },
    removed({ id, closed }) {
      queryClient.setQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists }, (page) =>
        dropCard(page, id),
      );
      refreshLists();
      if (openAttendance.get() !== id) return;
      openAttendance.close();
      // The user's own finalization or transfer already says so in its success toast.
      if (openAttendance.isLeaving(id)) return;
      if (closed) toast.info(ATT_MSG.alreadyClosed, { id: `attendance-removed-${id}` });
      else toast.warning(ATT_MSG.transferred, { id: `attendance-removed-${id}`, autoClose: CHAT_WARNING_MS });
    },
    message({ attendance_id, message }) {
      const queryKey = queryKeys.attendanceMessages(attendance_id);
      if (queryClient.getQueryData(queryKey) === undefined) {
        // The first page is on its way and may have been read before this message: ask again.
        if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching')
          queryClient.invalidateQueries({ queryKey });
        return;
      }
      queryClient.setQueryData<TMessagePages>(queryKey, (data) => mergeMessage(data, message));
    },
    resync() {
      queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
      const open = openAttendance.get();
      if (open !== null) {
        queryClient.invalidateQueries({ queryKey: queryKeys.attendance(open) });
        queryClient.invalidateQueries({ queryKey: queryKeys.attendanceMessages(open) });
      }
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
