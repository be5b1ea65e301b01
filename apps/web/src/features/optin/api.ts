import {
  OPTIN_API,
  OPTIN_MSG,
  type TOptinChangeInput,
  type TOptinSearchQuery,
  ZOptinChangeOutput,
  ZOptinChannel,
  ZOptinPage,
} from '@prosa/shared/optin';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

// Opt-in subscribers (spec 2 §7): under ['optin']; a change reloads the list and the channels' counts.
const optinKey = ['optin'] as const;

export function useOptinChannels() {
  return useQuery({
    queryKey: [...optinKey, 'channels'],
    queryFn: () => apiRequest(OPTIN_API.channels, { schema: z.array(ZOptinChannel) }),
  });
}

export function useOptinSearch(q: TOptinSearchQuery | null) {
  return useQuery({
    queryKey: [...optinKey, 'search', q],
    enabled: q !== null,
    placeholderData: keepPreviousData,
    queryFn: () => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
      return apiRequest(`${OPTIN_API.search}?${params.toString()}`, { schema: ZOptinPage });
    },
  });
}

export function useChangeOptin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, body }: { status: 'active' | 'inactive'; body: TOptinChangeInput }) =>
      apiRequest(status === 'active' ? OPTIN_API.activate : OPTIN_API.deactivate, {
        method: 'POST',
        body,
        schema: ZOptinChangeOutput,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: optinKey });
    },
    onError: (error) => {
      // A refusal of the input (400/404) is a warning with the server's text; anything else an error.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        toast.warning(errorMessage(error, OPTIN_MSG.saveError));
      else toast.error(errorMessage(error, OPTIN_MSG.saveError));
    },
  });
}
