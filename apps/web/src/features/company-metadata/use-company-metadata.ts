import {
  META_MSG,
  metadataProblem,
  type TCompanyMetadata,
  ZCompanyMetadataShape,
} from '@prosa/shared/company-metadata';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { applyValues, errorField, pickValues, type TPathValues } from './metadata-merge';

const URL = '/api/company/metadata';
const loadMetadata = () => apiRequest(URL, { schema: ZCompanyMetadataShape });

/** The company metadata object (spec 3 §7 "load"), read once and shared by every settings tab. */
export function useCompanyMetadata(enabled = true) {
  return useQuery({ queryKey: queryKeys.companyMetadata, queryFn: loadMetadata, enabled });
}

/**
 * Saves a tab's changes: the current server object is read again, the tab's values are merged into it and the
 * WHOLE object is sent (spec 3 §7 "save with the whole metadata object"), so what other tabs or managers
 * saved meanwhile is kept.
 */
export function useSaveMetadata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: TPathValues) => {
      const current = await queryClient.fetchQuery({
        queryKey: queryKeys.companyMetadata,
        queryFn: loadMetadata,
        staleTime: 0,
      });
      return apiRequest(URL, {
        method: 'PUT',
        body: applyValues(current, values),
        schema: z.object({ message: z.string(), metadata: ZCompanyMetadataShape }),
      });
    },
    onSuccess: (result) => {
      toast.success(result.message || META_MSG.saved);
      queryClient.setQueryData(queryKeys.companyMetadata, result.metadata);
      // The chat reads the allow flags through the company features.
      return queryClient.invalidateQueries({ queryKey: queryKeys.companyFeatures });
    },
    onError: (error) => toast.apiError(error),
  });
}

/**
 * A settings tab's form over some fields of the metadata (dot paths): its values, their validation with the
 * same schema the server uses (the spec's texts under the fields) and the save.
 */
export function useMetadataForm(fields: readonly string[]) {
  const query = useCompanyMetadata();
  const save = useSaveMetadata();
  const server = useMemo(() => (query.data ? pickValues(query.data, fields) : null), [query.data, fields]);
  const [draft, setDraft] = useState<TPathValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const values = draft ?? server ?? {};
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(server);

  const setValue = (path: string, value: unknown) => {
    setDraft((d) => ({ ...(d ?? server ?? {}), [path]: value }));
    setErrors({});
  };
  const setValues = (next: TPathValues) => {
    setDraft((d) => ({ ...(d ?? server ?? {}), ...next }));
    setErrors({});
  };

  const submit = () => {
    const base: TCompanyMetadata | undefined = query.data;
    if (!base) return;
    const problem = metadataProblem(applyValues(base, values));
    if (problem) {
      const field = errorField(problem.path, fields);
      if (field) setErrors({ [field]: problem.message });
      else toast.error(problem.message);
      return;
    }
    save.mutate(values, {
      onSuccess: () => {
        setDraft(null);
        setErrors({});
      },
    });
  };

  return { query, values, setValue, setValues, errors, dirty, submit, saving: save.isPending };
}

export type TMetadataForm = ReturnType<typeof useMetadataForm>;
