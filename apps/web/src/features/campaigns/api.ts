import {
  CAMPAIGN_API,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  type TCampaignContactsQuery,
  type TCampaignInput,
  type TCampaignListQuery,
  type TCampaignUploadResult,
  ZCampaign,
  ZCampaignChannelOption,
  ZCampaignContactsPage,
  ZCampaignDetails,
  ZCampaignList,
  ZCampaignMailingOption,
  ZCampaignMessageResult,
  ZCampaignReport,
  ZCampaignSaved,
  ZCampaignTemplateOption,
  ZCampaignUploadResult,
  ZCount,
  ZMailingFieldValues,
  ZSmsBrokers,
} from '@prosa/shared/campaigns';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// Campaigns (spec 3 §2, §7, §8): every key under queryKeys.campaigns, so `campaign:updated` refreshes them all.
const key = queryKeys.campaigns;

function qs(params: Record<string, unknown>) {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') out.set(k, String(v));
  const s = out.toString();
  return s ? `?${s}` : '';
}

/** A refusal (400) shows the server's text as a warning; anything else an error with the screen's text (§8). */
function warnOrError(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.status === 400 && error.fromServer) toast.warning(error.message);
  else toast.error(fallback);
}

export function useCampaigns(q: TCampaignListQuery) {
  return useQuery({
    queryKey: [...key, 'list', q],
    placeholderData: keepPreviousData,
    queryFn: () => apiRequest(`${CAMPAIGN_API.list}${qs(q)}`, { schema: ZCampaignList }),
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: [...key, 'one', id],
    enabled: id !== null,
    queryFn: () => apiRequest(CAMPAIGN_API.one(id ?? 0), { schema: ZCampaign }),
  });
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TCampaignInput }) =>
      apiRequest(id === null ? CAMPAIGN_API.list : CAMPAIGN_API.one(id), {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZCampaignSaved,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => warnOrError(error, CAMPAIGN_MSG.saveError),
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(CAMPAIGN_API.one(id), { method: 'DELETE', schema: ZCampaignMessageResult }),
    onSuccess: (result) => {
      toast.success(result.message || CAMPAIGN_MSG.deleted);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) =>
      error instanceof ApiError && error.status === 400
        ? toast.warning(errorMessage(error, CAMPAIGN_MSG.deleteError))
        : toast.error(CAMPAIGN_MSG.deleteError),
  });
}

export function useUnlockCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: number) =>
      apiRequest(CAMPAIGN_API.unlock, {
        method: 'POST',
        body: { campaignId },
        schema: ZCampaignMessageResult,
      }),
    onSuccess: (result) => {
      toast.success(result.message || CAMPAIGN_MSG.unlocked);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast.warning(errorMessage(error, CAMPAIGN_MSG.unlockError)),
  });
}

/** The details' progress: polled every 15 s while live (spec 3 §9), and refreshed by `campaign:updated`. */
export function useCampaignDetails(id: number) {
  return useQuery({
    queryKey: [...key, 'details', id],
    refetchInterval: (query) =>
      (query.state.data?.percent ?? 0) >= 100 ? false : CAMPAIGN_LIMITS.detailsRefreshMs,
    queryFn: () => apiRequest(CAMPAIGN_API.details(id), { schema: ZCampaignDetails }),
  });
}

export function useCampaignContacts(id: number, q: TCampaignContactsQuery, refetchMs: number | false) {
  return useQuery({
    queryKey: [...key, 'contacts', id, q],
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
    queryFn: () => apiRequest(`${CAMPAIGN_API.contacts(id)}${qs(q)}`, { schema: ZCampaignContactsPage }),
  });
}

export async function downloadCampaignReport(id: number, title: string) {
  try {
    const r = await apiRequest(CAMPAIGN_API.report(id), { method: 'POST', schema: ZCampaignReport });
    await downloadFile(r.report_url, `campanha-${id}-${title.replace(/[^\w-]+/g, '_').slice(0, 40)}.csv`);
  } catch (error) {
    toast.error(errorMessage(error, CAMPAIGN_MSG.reportError) ?? CAMPAIGN_MSG.reportError);
  }
}

// Option lists of the form.

export function useCampaignMailings(period: { valid_from?: string; valid_to?: string; include_id?: number }) {
  return useQuery({
    queryKey: [...key, 'options', 'mailings', period],
    placeholderData: keepPreviousData,
    queryFn: () =>
      apiRequest(`${CAMPAIGN_API.mailings}${qs(period)}`, { schema: z.array(ZCampaignMailingOption) }),
  });
}

/** Values of a mailing column starting with `value` (at most 20), for a filter row's suggestions. */
export function useMailingFieldValues(mailingId: number | null, field: string, value: string) {
  return useQuery({
    queryKey: [...key, 'options', 'field-values', mailingId, field, value],
    enabled: mailingId !== null && field !== '',
    placeholderData: keepPreviousData,
    queryFn: () =>
      apiRequest(CAMPAIGN_API.mailingFieldValues, {
        method: 'POST',
        body: { mailing_id: mailingId, field, value, filters: {} },
        schema: ZMailingFieldValues,
      }),
  });
}

export function useCampaignChannels(kind: 'waent' | 'waweb' | null) {
  return useQuery({
    queryKey: [...key, 'options', 'channels', kind],
    enabled: kind !== null,
    queryFn: () =>
      apiRequest(kind === 'waent' ? CAMPAIGN_API.enterpriseChannels : CAMPAIGN_API.wawebChannels, {
        schema: z.array(ZCampaignChannelOption),
      }),
  });
}

export function useSmsBrokers(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'options', 'sms-brokers'],
    enabled,
    queryFn: () => apiRequest(CAMPAIGN_API.smsBrokers, { schema: ZSmsBrokers }),
  });
}

export function useCampaignTemplates(channelId: number | null) {
  return useQuery({
    queryKey: [...key, 'options', 'templates', channelId],
    enabled: channelId !== null,
    queryFn: () =>
      apiRequest(`${CAMPAIGN_API.templates}${qs({ channel_id: channelId })}`, {
        schema: z.array(ZCampaignTemplateOption),
      }),
  });
}

export function useSubscriberCount(kind: string, channelId: number | null) {
  return useQuery({
    queryKey: [...key, 'options', 'subscribers', kind, channelId],
    enabled: channelId !== null,
    queryFn: () =>
      apiRequest(
        `${CAMPAIGN_API.subscriberCount}${qs({ campaign_type: kind, prefix_channel_id: channelId })}`,
        {
          schema: ZCount,
        },
      ),
  });
}

/** Uploads one media file of a waweb message (BMP GIF JPG MP4 PDF PNG, 5 MB). */
export async function uploadCampaignMedia(file: File): Promise<TCampaignUploadResult> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest(CAMPAIGN_API.upload, { method: 'POST', body: form, schema: ZCampaignUploadResult });
}
