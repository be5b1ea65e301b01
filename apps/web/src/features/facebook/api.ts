import { FA_PAGE_STATES } from '@prosa/shared/meta';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

const BASE = '/api/facebook';

export const facebookLoginKey = ['facebook', 'login-status'] as const;
export const facebookPagesKey = ['facebook', 'pages'] as const;

// Where the page navigates for Facebook Login: the server answers 302 to the dialog and returns with ?login=.
export const FACEBOOK_LOGIN_URL = `${BASE}/login`;

export const ZLoginStatus = z.object({ logged: z.boolean(), name: z.string().nullable().optional() });
export type TLoginStatus = z.infer<typeof ZLoginStatus>;

/** One of the user's pages merged with the company's channel of it (channel_id null: never connected). */
export const ZFacebookPage = z.object({
  page_id: z.string(),
  name: z.string(),
  channel_id: z.number().int().nullable(),
  state: z.enum(FA_PAGE_STATES),
  needs_reauth: z.boolean(),
  sector_id: z.number().int().nullable(),
  instagram_id: z.string().nullable(),
  username_instagram: z.string().nullable(),
});
export type TFacebookPage = z.infer<typeof ZFacebookPage>;

/** Whether the company holds a valid Facebook user token ("checking" is the query's pending state). */
export function useFacebookLoginStatus() {
  return useQuery({
    queryKey: facebookLoginKey,
    queryFn: () => apiRequest(`${BASE}/login-status`, { schema: ZLoginStatus }),
  });
}

export function useFacebookPages() {
  return useQuery({
    queryKey: facebookPagesKey,
    queryFn: () => apiRequest(`${BASE}/pages`, { schema: z.array(ZFacebookPage) }),
  });
}

export type TPageAction =
  | { kind: 'connect'; page: TFacebookPage; sectorId: number }
  | { kind: 'sector'; page: TFacebookPage; sectorId: number }
  | { kind: 'resubscribe'; page: TFacebookPage }
  | { kind: 'unlink'; page: TFacebookPage };

const DONE: Record<TPageAction['kind'], string> = {
  connect: 'Página conectada com sucesso!',
  sector: 'Setor da página atualizado com sucesso!',
  resubscribe: 'Página inscrita novamente com sucesso!',
  unlink: 'Página desvinculada com sucesso!',
};

function request(action: TPageAction) {
  const ok = z.unknown();
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
      return apiRequest(`${BASE}/pages/${id}`, { method: 'DELETE', schema: ok });
  }
}

/** Connect, change the sector of, re-subscribe or unlink a page; the server's message wins on failure. */
export function usePageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (_result, action) => {
      toast.success(DONE[action.kind]);
      return queryClient.invalidateQueries({ queryKey: ['facebook'] });
    },
    onError: (error) => {
      toast.apiError(error);
      // A Graph error may have marked the page needs_reauth: show it.
      return queryClient.invalidateQueries({ queryKey: ['facebook'] });
    },
  });
}
