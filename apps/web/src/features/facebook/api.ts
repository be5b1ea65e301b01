import {
  type TFacebookPage,
  ZFacebookLoginStatus,
  ZFacebookPageResult,
  ZFacebookPages,
} from '@prosa/shared/facebook';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

const BASE = '/api/facebook';

export const facebookLoginKey = ['facebook', 'login-status'] as const;
export const facebookPagesKey = ['facebook', 'pages'] as const;

// Where the page navigates for Facebook Login: the server answers 302 to the dialog and returns with ?login=.
export const FACEBOOK_LOGIN_URL = `${BASE}/login`;

/** Whether the company holds a valid Facebook user token ("checking" is the query's pending state). */
export function useFacebookLoginStatus() {
  return useQuery({
    queryKey: facebookLoginKey,
    queryFn: () => apiRequest(`${BASE}/login-status`, { schema: ZFacebookLoginStatus }),
  });
}

/** The user's pages on Facebook merged with the company's connected ones (`logged` false: only the latter). */
export function useFacebookPages() {
  return useQuery({
    queryKey: facebookPagesKey,
    queryFn: () => apiRequest(`${BASE}/pages`, { schema: ZFacebookPages }),
  });
}

export type TPageAction =
  | { kind: 'connect'; page: TFacebookPage; sectorId: number }
  | { kind: 'sector'; page: TFacebookPage; sectorId: number }
  | { kind: 'resubscribe'; page: TFacebookPage }
  | { kind: 'unlink'; page: TFacebookPage };

function request(action: TPageAction) {
  const ok = ZFacebookPageResult;
  const id = action.page.channel_id;
  switch (action.kind) {
    case 'connect':
      return apiRequest(`${BASE}/pages/${encodeURIComponent(action.page.page_id)}/connect`, {
        method: 'POST',
        body: { sector_id: action.sectorId },
        schema: ok,
      });
    case 'sector':
      return apiRequest(`${BASE}/pages/${id}`, {
        method: 'PATCH',
        body: { sector_id: action.sectorId },
        schema: ok,
      });
    case 'resubscribe':
      return apiRequest(`${BASE}/pages/${id}/resubscribe`, { method: 'POST', schema: ok });
    case 'unlink':
      return apiRequest(`${BASE}/pages/${id}`, {
        method: 'DELETE',
        schema: z.object({ message: z.string() }),
      });
  }
}

/** Connect, change the sector of, re-subscribe or unlink a page; the server's message wins on failure. */
export function usePageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: ['facebook'] });
    },
    onError: (error) => {
      toast.apiError(error);
      // A Graph error may have marked the page needs_reauth: show it.
      return queryClient.invalidateQueries({ queryKey: ['facebook'] });
    },
  });
}
