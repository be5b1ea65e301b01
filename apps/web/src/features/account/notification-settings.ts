import type { TUserSettings } from '@prosa/shared/account';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export const NOTIFICATIONS_SAVED = 'Configuração alterada com sucesso!';
const SAVE_ERROR = 'Erro ao alterar configuração!';

const fetchNotificationSettings = () =>
  apiRequest('/api/users/me/settings', { schema: (s) => s.ZUserSettings });

/** The operator's mute setting as the realtime alerts read it (fetched once when they start). */
export function notificationsMuted(queryClient: QueryClient): boolean {
  return queryClient.getQueryData<TUserSettings>(queryKeys.notificationSettings)?.mute_notifications === true;
}

export function loadNotificationSettings(queryClient: QueryClient) {
  return queryClient
    .fetchQuery({ queryKey: queryKeys.notificationSettings, queryFn: fetchNotificationSettings })
    .catch(() => undefined);
}

/** "Silenciar avisos": saved per user on the server; the switch follows at once and goes back on failure. */
export function useMuteNotifications(): { muted: boolean; loading: boolean; setMuted: (v: boolean) => void } {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: queryKeys.notificationSettings, queryFn: fetchNotificationSettings });
  // What the person chose, shown in the same render as the click (the cache's copy follows a tick later).
  const [chosen, setChosen] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (mute_notifications: boolean) =>
      apiRequest('/api/users/me/settings', {
        method: 'PUT',
        body: { mute_notifications },
        schema: (s) => s.ZUserSettings,
      }),
    onMutate: async (mute_notifications) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notificationSettings });
      const previous = queryClient.getQueryData(queryKeys.notificationSettings);
      queryClient.setQueryData(queryKeys.notificationSettings, { mute_notifications });
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.notificationSettings, saved);
      toast.success(NOTIFICATIONS_SAVED);
    },
    onError: (error, _value, context) => {
      queryClient.setQueryData(queryKeys.notificationSettings, context?.previous);
      toast.apiError(error, SAVE_ERROR);
    },
    onSettled: () => setChosen(null),
  });
  return {
    muted: chosen ?? settings.data?.mute_notifications === true,
    loading: settings.isPending,
    setMuted: (v) => {
      setChosen(v);
      save.mutate(v);
    },
  };
}
