import { type TWawebChannel, type TWawebInput, ZWawebChannel } from '@prosa/shared/waweb';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

const BASE = '/api/channels/waweb';

/** The company's WhatsApp numbers by QR; their state and QR are kept current by the socket (waweb-realtime). */
export function useWawebChannels() {
  return useQuery({
    queryKey: queryKeys.wawebChannels,
    queryFn: () => apiRequest(BASE, { schema: z.array(ZWawebChannel) }),
  });
}

function replaceIn(list: TWawebChannel[] | undefined, saved: TWawebChannel): TWawebChannel[] | undefined {
  if (!list) return list;
  return list.some((c) => c.id === saved.id)
    ? list.map((c) => (c.id === saved.id ? saved : c))
    : [...list, saved];
}

/** Creates (no id) or updates a number. */
export function useSaveWaweb() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TWawebInput }) =>
      apiRequest(id === null ? BASE : `${BASE}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZWawebChannel,
      }),
    onSuccess: (saved, { id }) => {
      toast.success(id === null ? 'Número cadastrado com sucesso!' : 'Número salvo com sucesso!');
      queryClient.setQueryData<TWawebChannel[]>(queryKeys.wawebChannels, (list) => replaceIn(list, saved));
      return queryClient.invalidateQueries({ queryKey: queryKeys.wawebChannels });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteWaweb() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${BASE}/${id}`, { method: 'DELETE', schema: z.object({ message: z.string() }) }),
    onSuccess: (result, id) => {
      toast.success(result.message);
      queryClient.setQueryData<TWawebChannel[]>(queryKeys.wawebChannels, (list) =>
        list?.filter((c) => c.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.wawebChannels });
    },
    onError: (error) => toast.apiError(error),
  });
}

export type TWawebAction = 'start' | 'stop' | 'refresh' | 'logout';

const ACTION_DONE: Record<TWawebAction, string> = {
  start: 'Número iniciado.',
  stop: 'Número parado.',
  refresh: 'Novo QR solicitado.',
  logout: 'Número desconectado do aparelho.',
};

/** Start, stop, refresh (a new QR) or logout of a number; the server's message wins on failure. */
export function useWawebAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: TWawebAction }) =>
      apiRequest(`${BASE}/${id}/${action}`, { method: 'POST', schema: ZWawebChannel }),
    onSuccess: (channel, { action }) => {
      queryClient.setQueryData<TWawebChannel[]>(queryKeys.wawebChannels, (list) => replaceIn(list, channel));
      toast.success(ACTION_DONE[action]);
      return queryClient.invalidateQueries({ queryKey: queryKeys.wawebChannels });
    },
    onError: (error) => toast.apiError(error),
  });
}
