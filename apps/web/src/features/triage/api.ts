import {
  TRIAGE_MSG,
  type TTriageMode,
  type TTriageOutput,
  ZTriageOutput,
  ZTriageSaved,
} from '@prosa/shared/triage';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// Under the metadata key, so a company.updated fact (distribution turned on or off elsewhere) refreshes it.
export const triageKey = [...queryKeys.companyMetadata, 'triage'] as const;

export function useTriage() {
  return useQuery({
    queryKey: triageKey,
    queryFn: () => apiRequest('/api/company/triage', { schema: ZTriageOutput }),
  });
}

/** Saves the mode; the chat's features follow (operators' card lists change at once). */
export function useSaveTriage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (triage: TTriageMode) =>
      apiRequest('/api/company/triage', { method: 'PUT', body: { triage }, schema: ZTriageSaved }),
    onSuccess: (result) => {
      toast.success(result.message || TRIAGE_MSG.saved);
      queryClient.setQueryData<TTriageOutput>(triageKey, result.triage);
      return queryClient.invalidateQueries({ queryKey: queryKeys.companyFeatures });
    },
    onError: (error) => {
      toast.error(error.message || TRIAGE_MSG.saveError);
      return queryClient.invalidateQueries({ queryKey: triageKey });
    },
  });
}
