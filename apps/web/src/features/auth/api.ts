import type { TLoginOutput, TSessionUser, ZMessageOutput } from '@prosa/shared/auth';
import type { z } from '@prosa/shared/zod';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, SHORT_CALL_TIMEOUT_MS } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type TMfaStep = Extract<TLoginOutput, { step: 'mfa' }>;
export type TChangePasswordStep = Extract<TLoginOutput, { step: 'change_password' }>;
export type TMfaMethod = TMfaStep['methods'][number];

/** The logged-in user, or null when there is no valid session (401) or access is refused (403). */
export async function fetchSession(): Promise<TSessionUser | null> {
  try {
    return await apiRequest('/api/auth/me', { schema: (s) => s.ZSessionUser });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export function useSessionQuery() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSession,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const authApi = {
  login: (body: { email: string; password: string }) =>
    apiRequest('/api/auth/login', {
      method: 'POST',
      body,
      schema: (s) => s.ZLoginOutput,
      timeoutMs: SHORT_CALL_TIMEOUT_MS,
    }),
  checkMfaCode: (body: { challengeId: string; code: string; method: TMfaMethod }) =>
    apiRequest('/api/users/check-mfa-code', { method: 'POST', body, schema: (s) => s.ZLoginOutput }),
  resendMfa: (challengeId: string) =>
    apiRequest('/api/auth/mfa/resend', {
      method: 'POST',
      body: { challengeId },
      schema: (s) => s.ZMessageOutput,
    }),
  forcedChangePassword: (body: { changeToken: string; newPassword: string; confirmPassword: string }) =>
    apiRequest('/api/users/change-password', { method: 'POST', body, schema: (s) => s.ZLoginOutput }),
  recoverPassword: (email: string) =>
    apiRequest('/api/auth/recover-password', {
      method: 'POST',
      body: { email },
      schema: (s) => s.ZMessageOutput,
    }),
  resetPassword: (body: { token: string; newPassword: string; confirmPassword: string }) =>
    apiRequest('/api/auth/reset-password', { method: 'POST', body, schema: (s) => s.ZMessageOutput }),
  logout: () =>
    apiRequest('/api/auth/logout', {
      method: 'POST',
      schema: (s) => s.ZMessageOutput,
      timeoutMs: SHORT_CALL_TIMEOUT_MS,
    }),
};

export type TMessageOutput = z.infer<typeof ZMessageOutput>;
