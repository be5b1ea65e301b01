import { ZCompanyList } from '@prosa/shared/company-admin';
import {
  SURVEY_MSG,
  type TSurveyInput,
  ZSurveyCreated,
  ZSurveyDetail,
  ZSurveyPage,
  ZSurveyUploadOutput,
} from '@prosa/shared/surveys';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// The admin screen's calls (spec 3 §7 Surveys): under queryKeys.surveysAdmin, refreshed after each change.

export function useSurveys(params: { page: number; search: string }) {
  return useQuery({
    queryKey: [...queryKeys.surveysAdmin, 'list', params],
    placeholderData: keepPreviousData,
    queryFn: () => {
      const q = new URLSearchParams({ page: String(params.page) });
      if (params.search) q.set('search', params.search);
      return apiRequest(`/api/surveys?${q.toString()}`, { schema: ZSurveyPage });
    },
  });
}

export function useSurvey(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.surveysAdmin, 'detail', id],
    enabled: id !== null,
    queryFn: () => apiRequest(`/api/surveys/${id}`, { schema: ZSurveyDetail }),
  });
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSurveyInput) =>
      apiRequest('/api/surveys', { method: 'POST', body, schema: ZSurveyCreated }),
    onSuccess: (r) => {
      toast.success(r.message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.surveysAdmin });
    },
    onError: (error) => toast.error(errorMessage(error, SURVEY_MSG.saveError)),
  });
}

export function useDeleteSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/surveys/${id}`, { method: 'DELETE', schema: z.object({ message: z.string() }) }),
    onSuccess: () => {
      toast.success(SURVEY_MSG.deleted);
      return queryClient.invalidateQueries({ queryKey: queryKeys.surveysAdmin });
    },
    onError: (error) => toast.error(errorMessage(error, SURVEY_MSG.deleteError)),
  });
}

export function uploadSurveyImage(file: File) {
  const form = new FormData();
  form.append('fileName', file.name);
  form.append('file', file);
  return apiRequest('/api/survey-upload', { method: 'POST', body: form, schema: ZSurveyUploadOutput });
}

/** The companies the admin may publish to, by a fragment of their name (the companies screen's list). */
export function useCompanyOptions(search: string) {
  return useQuery({
    queryKey: [...queryKeys.surveysAdmin, 'companies', search],
    placeholderData: keepPreviousData,
    queryFn: () => {
      const q = new URLSearchParams({ page: '1', per_page: '20' });
      if (search) q.set('search', search);
      return apiRequest(`/api/companies?${q.toString()}`, { schema: ZCompanyList });
    },
  });
}
