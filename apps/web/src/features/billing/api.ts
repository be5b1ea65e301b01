import { type TInvoice, ZInvoice, ZInvoicePage, ZIssueInvoicesOutput } from '@prosa/shared/billing';
import { BILLING_MSG, type TInvoiceFileKind } from '@prosa/shared/billing-texts';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';

export type TInvoiceFilters = { startDate: string | null; endDate: string | null; page: number };

const keys = {
  all: ['billing', 'invoices'] as const,
  page: (f: TInvoiceFilters) => ['billing', 'invoices', f] as const,
};

/** GET /billing/invoices: months as 'MM/YYYY'. */
export function useInvoices(filters: TInvoiceFilters, enabled: boolean) {
  const params = new URLSearchParams({ page: String(filters.page) });
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  return useQuery({
    queryKey: keys.page(filters),
    queryFn: () => apiRequest(`/api/billing/invoices?${params}`, { schema: ZInvoicePage }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (invoice: TInvoice) => downloadFile(invoice.invoice_url, `fatura-${invoice.month}.pdf`),
    onError: (e) => toast.error(errorMessage(e, BILLING_MSG.downloadError)),
  });
}

export function useInvoiceAttachment() {
  return useMutation({
    mutationFn: (input: { url: string; name: string }) => downloadFile(input.url, input.name),
    onError: (e) => toast.error(errorMessage(e, BILLING_MSG.receiptError)),
  });
}

export function useIssueInvoices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      apiRequest('/api/billing/issue', { method: 'POST', body: { month }, schema: ZIssueInvoicesOutput }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: keys.all });
    },
    onError: (e) => toast.apiError(e),
  });
}

export function useUploadInvoiceFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; kind: TInvoiceFileKind; file: File }) => {
      const form = new FormData();
      form.append('file', input.file);
      return apiRequest(`/api/billing/invoices/${input.id}/${input.kind}`, {
        method: 'POST',
        body: form,
        schema: z.object({ message: z.string(), invoice: ZInvoice }),
      });
    },
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: keys.all });
    },
    onError: (e) => toast.apiError(e),
  });
}
