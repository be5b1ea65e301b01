import type { TCard, TCardPage, TMessage } from '@prosa/shared/attendance';
import { ATT_MSG } from '@prosa/shared/attendance-constants';
import type { QueryClient } from '@tanstack/react-query';
import { dropCard, openAttendance, replaceCard, setOpenCard } from '../../lib/attendance-cache';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { chatApi } from './api';
import type { TAttention } from './attention';
import { mergeMessage, type TMessagePages } from './message-cache';

// Spec 1 §9: the list (order, pages, counters) is refreshed 1 s after a change, once per burst of events.
const LIST_REFRESH_MS = 1000;
// Spec 1 §8: warnings in the chat stay 5 s.
export const CHAT_WARNING_MS = 5000;
// Messages arriving together in the open conversation are read with one call.
const READ_OPEN_MS = 300;

export type TChatRealtime = {
  upsert: (card: TCard) => void;
  removed: (payload: { id: number; closed: boolean }) => void;
  message: (payload: { attendance_id: number; message: TMessage }) => void;
  /** A new message (message:created): shown, read at once in the open conversation, or announced. */
  created: (payload: { attendance_id: number; message: TMessage }) => void;
  /** After a reconnection: whatever happened meanwhile is fetched again. */
  resync: () => void;
  dispose: () => void;
};

/** How the chat's query caches follow the attendance events (wired to the socket in src/lib/realtime.ts). */
export function createChatRealtime(queryClient: QueryClient, attention?: TAttention): TChatRealtime {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let readTimer: ReturnType<typeof setTimeout> | undefined;
  const stopWatchingOpen = openAttendance.subscribe(() => attention?.opened(openAttendance.get()));
  // A customer message that arrives while its conversation is open was seen: it is read, not unread.
  // Read even when the conversation was closed before the call left: the message arrived while it was open.
  const pendingRead = new Set<number>();
  const readOpen = (id: number) => {
    pendingRead.add(id);
    clearTimeout(readTimer);
    readTimer = setTimeout(() => {
      const ids = [...pendingRead];
      pendingRead.clear();
      for (const pending of ids) {
        chatApi
          .markViewed(pending)
          .then(({ card }) => {
            if (queryClient.getQueryData(queryKeys.attendance(card.id)) !== undefined)
              setOpenCard(queryClient, card);
            queryClient.setQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists }, (page) =>
              replaceCard(page, card),
            );
          })
          .catch(() => undefined);
      }
    }, READ_OPEN_MS);
  };
  const refreshLists = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
    }, LIST_REFRESH_MS);
  };

  function showMessage({ attendance_id, message }: { attendance_id: number; message: TMessage }) {
    const queryKey = queryKeys.attendanceMessages(attendance_id);
    if (queryClient.getQueryData(queryKey) === undefined) {
      // The first page is on its way and may have been read before this message: ask again.
      if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching')
        queryClient.invalidateQueries({ queryKey });
      return;
    }
    queryClient.setQueryData<TMessagePages>(queryKey, (data) => mergeMessage(data, message));
  }

  return {
    upsert(card) {
      attention?.card(card);
      queryClient.setQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists }, (page) =>
        replaceCard(page, card),
      );
      if (queryClient.getQueryData(queryKeys.attendance(card.id)) !== undefined)
        setOpenCard(queryClient, card);
      refreshLists();
    },
    removed({ id, closed }) {
      attention?.removed(id);
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
    message: showMessage,
    created(payload) {
      showMessage(payload);
      if (payload.message.sender_type !== 0) return;
      if (openAttendance.get() === payload.attendance_id) readOpen(payload.attendance_id);
      else attention?.message(payload);
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
      clearTimeout(readTimer);
      stopWatchingOpen();
    },
  };
}
