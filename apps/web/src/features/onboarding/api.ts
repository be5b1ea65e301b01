import { ZOnboardingMarkOutput, ZOnboardingOutput } from '@prosa/shared/onboarding';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

const KEY = ['onboarding'] as const;

/** The guide's steps, computed by the server from the company's data: asked again while the guide is open. */
export function useOnboarding(live: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest('/api/onboarding', { schema: ZOnboardingOutput }),
    refetchInterval: live ? 5000 : false,
    refetchOnWindowFocus: true,
  });
}

export function useDismissOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/onboarding/dismiss', { method: 'POST', schema: ZOnboardingMarkOutput }),
    onSuccess: (r) => {
      toast.success(r.message);
      void client.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast.error(errorMessage(error) ?? 'Erro ao dispensar o guia.'),
  });
}

export function useMarkTrialSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/onboarding/trial-seen', { method: 'POST', schema: ZOnboardingMarkOutput }),
    onSettled: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
