import { ZTemplateSent } from '@prosa/shared/hsm';
import { type TActiveSmsInput, ZActiveSmsOptions } from '@prosa/shared/sms';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export function useActiveSmsOptions() {
  return useQuery({
    queryKey: ['active-sms-options'],
    queryFn: () => apiRequest('/api/active-sms/options', { schema: ZActiveSmsOptions }),
    staleTime: 60_000,
  });
}

export function useCreateActiveSms() {
  return useMutation({
    mutationFn: (body: TActiveSmsInput) =>
      apiRequest('/api/active-sms', { method: 'POST', body, schema: ZTemplateSent }),
  });
}
