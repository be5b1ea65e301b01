import {
  BACKGROUND_MSG,
  isBackgroundActive,
  REPORT_LOOKUPS_PATH,
  REPORT_MSG,
  REPORTS,
  type TReportKey,
  type TReportTable,
  ZBackgroundReportCreated,
  ZBackgroundReportList,
  ZReportLookups,
} from '@prosa/shared/reports';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';
import { downloadFile, downloadResponse, fetchOrThrow } from '../../lib/download';
import { toast } from '../../lib/toast';

// Reports (spec 3 §7 Reports): the report JSON and CSV, the lookups of the filters, the background reports.
const REPORTS_KEY = ['reports'] as const;
const BACKGROUND_KEY = ['reports', 'background'] as const;
/** While a background report is queued or processing the list looks again (spec: updates while it runs). */
const BACKGROUND_POLL_MS = 5000;

/** The report's time-out (or a period above the company's threshold): offer the background (spec 3 §4). */
export function isReportTimeout(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 408 && error.code === 'report_timeout';
}

export function useReportLookups() {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'lookups'],
    queryFn: () => apiRequest(REPORT_LOOKUPS_PATH, { schema: ZReportLookups }),
    staleTime: 60_000,
  });
}

// The table is the shared TReportTable; its shape is checked loosely (the runners own their columns).
const ZReportTable = z.custom<TReportTable>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    Array.isArray((v as TReportTable).columns) &&
    Array.isArray((v as TReportTable).rows),
);

/** One report's JSON for a query string; null: not asked yet. No retries: a time-out is an answer. */
export function useReport(key: TReportKey, query: string | null) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'run', key, query],
    enabled: query !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    queryFn: () => apiRequest(`/api/reports/${key}?${query ?? ''}`, { schema: ZReportTable }),
  });
}

/** 'Baixar CSV': the server's file name (content-disposition), else the catalogue's. */
export async function downloadReportCsv(key: TReportKey, query: string) {
  const response = await fetchOrThrow(`/api/reports/${key}?${query}${query ? '&' : ''}format=csv`);
  await downloadResponse(response, REPORTS[key].csvName);
}

export function useRequestBackground() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { type: TReportKey; filters: Record<string, string> }) =>
      apiRequest('/api/reports/background', { method: 'POST', body, schema: ZBackgroundReportCreated }),
    onSuccess: (result) => {
      toast.success(result.message || REPORT_MSG.sentToBackground);
      return queryClient.invalidateQueries({ queryKey: BACKGROUND_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) toast.warning(error.message);
      else toast.apiError(error, REPORT_MSG.request);
    },
  });
}

export function useBackgroundReports(q: { status: string | null; page: number; count: number }) {
  const params = new URLSearchParams({ page: String(q.page), count: String(q.count) });
  if (q.status) params.set('status', q.status);
  return useQuery({
    queryKey: [...BACKGROUND_KEY, q],
    placeholderData: keepPreviousData,
    queryFn: () => apiRequest(`/api/reports/background?${params}`, { schema: ZBackgroundReportList }),
    refetchInterval: (query) =>
      query.state.data?.rows.some((r) => isBackgroundActive(r.status)) ? BACKGROUND_POLL_MS : false,
  });
}

export function useCancelBackground() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/reports/background/${id}/cancel`, {
        method: 'POST',
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: (r) => {
      toast.success(r.message || BACKGROUND_MSG.cancelled);
      return queryClient.invalidateQueries({ queryKey: BACKGROUND_KEY });
    },
    onError: (error) => toast.apiError(error, REPORT_MSG.request),
  });
}

export function useDeleteBackground() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/reports/background/${id}`, {
        method: 'DELETE',
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: (r) => {
      toast.success(r.message || BACKGROUND_MSG.deleted);
      return queryClient.invalidateQueries({ queryKey: BACKGROUND_KEY });
    },
    onError: (error) => toast.apiError(error, REPORT_MSG.request),
  });
}

export function useDownloadBackground() {
  return useMutation({
    mutationFn: (row: { id: string; file_name: string | null }) =>
      downloadFile(`/api/reports/background/${row.id}/download`, row.file_name ?? 'relatorio.csv'),
    onError: (error) => {
      // 403/404 on download: a warning (spec 3 §8).
      if (error instanceof ApiError && (error.status === 403 || error.status === 404))
        toast.warning(error.message);
      else toast.apiError(error, REPORT_MSG.generic);
    },
  });
}
