import {
  type TGoogleCalendarState,
  ZGoogleCalendarResult,
  ZGoogleCalendarState,
} from '@prosa/shared/google-calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

// The calendar permission calls (spec 3 §7 "Google calendar: GET calendar permission; POST set permission {code}").
const key = ['google-calendar'] as const;

export function useCalendarState() {
  return useQuery({
    queryKey: key,
    queryFn: () => apiRequest('/api/google-calendar', { schema: ZGoogleCalendarState }),
  });
}

function useSetState() {
  const client = useQueryClient();
  return (state: TGoogleCalendarState) => client.setQueryData(key, state);
}

export function useConnectCalendar() {
  const setState = useSetState();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      apiRequest('/api/google-calendar', { method: 'POST', body, schema: ZGoogleCalendarResult }),
    // The page's first load may still be on its way: its older answer must not replace the new state.
    onMutate: () => client.cancelQueries({ queryKey: key }),
    onSuccess: (r) => setState(r.state),
    // Spec 3 §8: on a failed save the message shows, then the calendar state loads again.
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDisconnectCalendar() {
  const setState = useSetState();
  return useMutation({
    mutationFn: () => apiRequest('/api/google-calendar', { method: 'DELETE', schema: ZGoogleCalendarResult }),
    onSuccess: (r) => setState(r.state),
  });
}
