import { TRAINING_MSG, ZTrainingProgress } from '@prosa/shared/training';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

const KEY = ['training'] as const;

export function useTrainingProgress() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest('/api/training', { schema: ZTrainingProgress }),
  });
}

export function useMarkLesson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; done: boolean }) =>
      apiRequest(`/api/training/lessons/${encodeURIComponent(input.id)}`, {
        method: 'PUT',
        body: { done: input.done },
        schema: ZTrainingProgress,
      }),
    onSuccess: (progress) => {
      client.setQueryData(KEY, progress);
      toast.success(TRAINING_MSG.saved);
    },
    onError: (error) => toast.error(errorMessage(error) ?? 'Erro ao salvar o progresso.'),
  });
}
