import {
  type TOnboardingState,
  ZMessageOutput,
  ZMigrationHashOutput,
  ZMigrationInfo,
  ZNumbersPage,
  ZOnboardingState,
  ZRequestCodeOutput,
} from '@prosa/shared/waent-onboarding';
import { APP_DELETION_POLL_MS, type TCodeMethod } from '@prosa/shared/waent-onboarding-texts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

const stateKey = (id: number) => ['waent-onboarding', id] as const;

export function useNumberState(id: number | null) {
  return useQuery({
    queryKey: stateKey(id ?? 0),
    enabled: id !== null,
    queryFn: () => apiRequest(`/api/waent-onboarding/channels/${id}`, { schema: ZOnboardingState }),
  });
}

function useStateSetter() {
  const queryClient = useQueryClient();
  return (s: TOnboardingState) => queryClient.setQueryData(stateKey(s.channel_id), s);
}

export function useRequestCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { channel: number; requestMethod: TCodeMethod }) =>
      apiRequest('/api/waent-onboarding/request-code', { method: 'POST', body, schema: ZRequestCodeOutput }),
    onSuccess: (_r, v) => queryClient.invalidateQueries({ queryKey: stateKey(v.channel) }),
  });
}

/** Confirm: the code received (sendCode), then the number registered with the PIN (linkPhonenumber). */
export function useConfirmCode() {
  const setState = useStateSetter();
  return useMutation({
    mutationFn: async (v: { channel: number; code: string; pin: string }) => {
      const verified = await apiRequest('/api/waent-onboarding/send-code', {
        method: 'POST',
        body: { channel: v.channel, registerNumber: v.code },
        schema: ZOnboardingState,
      });
      setState(verified);
      return apiRequest('/api/waent-onboarding/link-phonenumber', {
        method: 'POST',
        body: { channel: v.channel, registerNumber: v.pin },
        schema: ZOnboardingState,
      });
    },
    onSuccess: setState,
  });
}

export function useMigrationHash() {
  return useMutation({
    mutationFn: (channelId: number) =>
      apiRequest('/api/waent-onboarding/migration-hash', {
        method: 'POST',
        body: { channel_id: channelId },
        schema: ZMigrationHashOutput,
      }),
  });
}

const migrationKey = (hash: string) => ['waent-migration', hash] as const;

/** The number a migration link names; polled every 30 s while the app's removal is pending (spec 2 §4). */
export function useMigration(hash: string) {
  return useQuery({
    queryKey: migrationKey(hash),
    enabled: hash !== '',
    retry: false,
    queryFn: () =>
      apiRequest(`/api/waent-onboarding/migration?params=${encodeURIComponent(hash)}`, {
        schema: ZMigrationInfo,
      }),
    refetchInterval: (q) => (q.state.data?.state.requested_app_deletion ? APP_DELETION_POLL_MS : false),
  });
}

export function useSaveFacebookInfos(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/api/waent-onboarding/migration/facebook-infos', {
        method: 'POST',
        body: { params: hash, code },
        schema: ZOnboardingState,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: migrationKey(hash) }),
  });
}

export function useRemoveWhatsappApp(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: number) =>
      apiRequest('/api/waent-onboarding/remove-whatsapp-channel', {
        method: 'POST',
        body: { channel },
        schema: ZMessageOutput,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: migrationKey(hash) }),
  });
}

export function useNumbers(page: number) {
  return useQuery({
    queryKey: ['numbers', page],
    placeholderData: keepPreviousData,
    queryFn: () => apiRequest(`/api/numbers?page=${page}`, { schema: ZNumbersPage }),
  });
}
