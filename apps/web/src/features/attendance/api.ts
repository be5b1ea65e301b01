import type { TCard, TCardPage } from '@prosa/shared/attendance';
import type { TEmailReplyExtras } from '@prosa/shared/email';
import type { z } from '@prosa/shared/zod';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, SHORT_CALL_TIMEOUT_MS, type TResponseSchemas } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { listQueryString, type TListParams } from './list-params';
import type { TMessagePage } from './message-cache';

export const MESSAGES_PER_PAGE = 50;

const post = <S extends z.ZodType>(path: string, body: unknown, schema: (s: TResponseSchemas) => S) =>
  apiRequest(path, { method: 'POST', body, schema });

export function useAttendanceList(params: TListParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...queryKeys.attendanceLists, listQueryString(params)],
    queryFn: () => apiRequest(`/api/attendances?${listQueryString(params)}`, { schema: (s) => s.ZCardPage }),
    placeholderData: keepPreviousData,
    // Realtime events keep the list current; a refetch on return to the screen covers missed ones.
    staleTime: 0,
  });
}

/** A card already in a loaded list, shown at once while its own query loads. */
export function cardFromLists(queryClient: QueryClient, id: number): TCard | undefined {
  for (const [, page] of queryClient.getQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists })) {
    const found = page?.items.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

export function useAttendance(id: number, queryClient: QueryClient) {
  return useQuery({
    queryKey: queryKeys.attendance(id),
    queryFn: () => apiRequest(`/api/attendances/${id}`, { schema: (s) => s.ZCard }),
    initialData: () => cardFromLists(queryClient, id),
    initialDataUpdatedAt: 0,
  });
}

export function useMessages(id: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.attendanceMessages(id),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }): Promise<TMessagePage> => {
      const search = new URLSearchParams({ limit: String(MESSAGES_PER_PAGE) });
      if (pageParam !== undefined) search.set('before', String(pageParam));
      return apiRequest(`/api/attendances/${id}/messages?${search}`, { schema: (s) => s.ZMessagePage });
    },
    getNextPageParam: (last) => (last.has_more ? last.items[last.items.length - 1]?.id : undefined),
    // New messages arrive by realtime; refetching would reload every page already scrolled through.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

export function useSectorOperators(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.attendanceSide(id, 'operators'),
    queryFn: () =>
      apiRequest(`/api/attendances/${id}/operators`, { schema: (s) => s.z.array(s.ZSectorOperator) }),
    enabled,
    staleTime: 0,
  });
}

/** The operator filter's choices (managers and up): the company's operators with their state. */
export function useFilterOperators(enabled: boolean) {
  return useQuery({
    queryKey: ['attendances', 'filter-operators'],
    queryFn: () => apiRequest('/api/attendance-operators', { schema: (s) => s.z.array(s.ZSectorOperator) }),
    enabled,
    staleTime: 0,
  });
}

export function useContactTimeline(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.attendanceSide(id, 'timeline'),
    queryFn: () =>
      apiRequest(`/api/attendances/${id}/timeline`, { schema: (s) => s.z.array(s.ZTimelineEntry) }),
    enabled,
    staleTime: 0,
  });
}

export function useViewedBy(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.attendanceSide(id, 'viewed'),
    queryFn: () => apiRequest(`/api/attendances/${id}/viewed`, { schema: (s) => s.ZViewedBy }),
    enabled,
    staleTime: 0,
  });
}

/** The calls that change an attendance (spec 1 §7); each answers the card's new state. */
export const chatApi = {
  markViewed: (id: number) =>
    post(`/api/attendances/${id}/viewed`, undefined, (s) => s.z.object({ card: s.ZCard })),
  markUnread: (id: number) => post(`/api/attendances/${id}/unread`, undefined, (s) => s.ZCardResult),
  send: (id: number, body: { message: string; replyMessage?: string; email?: TEmailReplyExtras }) =>
    post(`/api/attendances/${id}/messages`, body, (s) => s.ZSendResult),
  forward: (id: number, body: { message_id: string; target_attendance_id: number }) =>
    post(`/api/attendances/${id}/forward`, body, (s) => s.ZSendResult),
  saveNotes: (id: number, notes: string) =>
    post(`/api/attendances/${id}/save-notes`, { notes }, (s) => s.ZCardResult),
  switchSector: (id: number, sectorId: number) =>
    post(`/api/attendances/${id}/switch-sector`, { sector_id: sectorId }, (s) => s.ZCardResult),
  switchOperator: (id: number, operatorId: number) =>
    post(`/api/attendances/${id}/switch-operator`, { operator_id: operatorId }, (s) => s.ZCardResult),
  setStatus: (
    path: { companyId: number; sectorId: number; userId: number },
    body: { status: number; contact: number },
  ) =>
    post(`/api/set-status/${path.companyId}/${path.sectorId}/${path.userId}`, body, (s) =>
      s.ZCardResult.extend({ closed: s.z.boolean() }),
    ),
  /** del-locked-contact: a manager removes a locked attendance (it is finalized). */
  removeLocked: (id: number) => post('/api/del-locked-contact', { contact: id }, (s) => s.ZCardResult),
  /** POST /automaticDistribution/queue or /front-queue: back to the waiting queue (its front). */
  returnToQueue: (id: number, front: boolean) =>
    apiRequest(`/api/automaticDistribution/${front ? 'front-queue' : 'queue'}`, {
      method: 'POST',
      body: { ids: [id] },
      schema: (s) => s.z.object({ message: s.z.string(), count: s.z.number() }),
      timeoutMs: SHORT_CALL_TIMEOUT_MS,
    }),
  setBusyClient: (
    path: { companyId: number; sectorId: number; userId: number },
    body: { busy: boolean; contact: number },
  ) =>
    post(
      `/api/set-busy-client/${path.companyId}/${path.sectorId}/${path.userId}`,
      body,
      (s) => s.ZCardResult,
    ),
};
