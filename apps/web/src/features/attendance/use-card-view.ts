import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { chatApi, type TCardView, useCardView } from './api';

const VIEW_ERROR = 'Não foi possível alterar a visão!';

/** List or grid, saved per user on the server; the screen changes at once and goes back if saving fails. */
export function useCardViewSetting(): [TCardView, (view: TCardView) => void] {
  const queryClient = useQueryClient();
  const view = useCardView();
  const save = useMutation({
    mutationFn: chatApi.saveCardView,
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
