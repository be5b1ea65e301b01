import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export type TCardView = 'list' | 'grid';

const VIEW_ERROR = 'Não foi possível alterar a visão!';

function useCardView() {
  return useQuery({
    queryKey: queryKeys.cardView,
    queryFn: () => apiRequest('/api/users/me/settings', { schema: (s) => s.ZUserSettings }),
    select: (s): TCardView => s.card_view ?? 'list',
  });
}

const saveCardView = (card_view: TCardView) =>
  apiRequest('/api/users/me/settings', {
    method: 'PUT',
    body: { card_view },
    schema: (s) => s.ZUserSettings,
  });

/** List or grid, saved per user on the server; the screen changes at once and goes back if saving fails. */
export function useCardViewSetting(): [TCardView, (view: TCardView) => void] {
  const queryClient = useQueryClient();
  const view = useCardView();
  const save = useMutation({
    mutationFn: saveCardView,
    onMutate: async (card_view) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.cardView });
      const previous = queryClient.getQueryData(queryKeys.cardView);
      queryClient.setQueryData(queryKeys.cardView, { card_view });
      return { previous };
    },
    onError: (error, _view, context) => {
      queryClient.setQueryData(queryKeys.cardView, context?.previous);
      toast.apiError(error, VIEW_ERROR);
    },
  });
  return [view.data ?? 'list', (next) => save.mutate(next)];
}
