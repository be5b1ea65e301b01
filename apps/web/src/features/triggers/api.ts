import { ZChannel } from '@prosa/shared/channel-admin';
import {
  type TCopyTriggersBody,
  TRIGGER_MSG,
  type TSaveOtherTriggerBody,
  type TTextTriggerInput,
  type TTriggerableType,
  triggerableTypeOf,
  ZChannelTriggers,
  ZTextTrigger,
  ZTriggerImageAnswer,
} from '@prosa/shared/triggers';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

// Spec 2 §7 Channels/Triggers calls of the triggers editor.
export const triggersKeys = {
  all: ['triggers'] as const,
  channels: ['triggers', 'channels'] as const,
  channel: (type: string, id: number) => ['triggers', 'channel', type, id] as const,
};

const channelPath = (verb: string, type: string, id: number) => `/api/channels/${verb}/${type}/${id}`;
const ZOk = z.object({}).passthrough();

/** The company's channels of every kind that can have triggers (GET /channels). */
export function useTriggerChannels() {
  return useQuery({
    queryKey: triggersKeys.channels,
    queryFn: async () => {
      const list = await apiRequest('/api/channels', { schema: z.array(ZChannel) });
      return list.flatMap((c) => {
        const type = triggerableTypeOf(c.kind);
        return type ? [{ ...c, type }] : [];
      });
    },
  });
}
export type TTriggerChannel = z.infer<typeof ZChannel> & { type: TTriggerableType };

/** GET /channels/get-triggers/{type}/{id}. */
export function useChannelTriggers(target: { type: string; id: number } | null) {
  return useQuery({
    queryKey: target ? triggersKeys.channel(target.type, target.id) : ['triggers', 'none'],
    enabled: target !== null,
    queryFn: () =>
      apiRequest(channelPath('get-triggers', target?.type ?? '', target?.id ?? 0), {
        schema: ZChannelTriggers,
      }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: triggersKeys.all });
}

/** POST /triggers (id null) or PATCH /triggers/{id}: the saved text trigger. */
export function useSaveTextTrigger(channel: { type: string; id: number }) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Omit<TTextTriggerInput, 'id'> }) =>
      id === null
        ? apiRequest('/api/triggers', {
            method: 'POST',
            body: {
              ...body,
              triggerable_id: channel.id,
              triggerable_type: channel.type,
              trigger_type: 'text',
            },
            schema: ZTextTrigger,
          })
        : apiRequest(`/api/triggers/${id}`, { method: 'PATCH', body, schema: ZTextTrigger }),
    onSuccess: () => {
      toast.success(TRIGGER_MSG.saved);
      return refresh();
    },
    onError: (error) => toast.apiError(error, TRIGGER_MSG.saveError),
  });
}

/** POST /channels/delete-trigger/{id}. */
export function useDeleteTrigger() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/channels/delete-trigger/${id}`, { method: 'POST', schema: ZOk }),
    onSuccess: () => {
      toast.success(TRIGGER_MSG.deleted);
      return refresh();
    },
    onError: (error) => toast.apiError(error, TRIGGER_MSG.deleteError),
  });
}

/** POST /channels/save-trigger-order/{type}/{id}: every text trigger id in the new order. */
export function useSaveTriggerOrder(channel: { type: string; id: number }) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest(channelPath('save-trigger-order', channel.type, channel.id), {
        method: 'POST',
        body: { ids },
        schema: ZChannelTriggers,
      }),
    onSuccess: () => {
      toast.success(TRIGGER_MSG.orderSaved);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
}

/** POST /channels/save-other-triggers/{type}/{id}: one kind; active false removes it. */
export function useSaveOtherTrigger(channel: { type: string; id: number }) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TSaveOtherTriggerBody) =>
      apiRequest(channelPath('save-other-triggers', channel.type, channel.id), {
        method: 'POST',
        body,
        schema: ZOk,
      }),
    onSuccess: (_data, body) => {
      toast.success(body.active === false ? TRIGGER_MSG.deleted : TRIGGER_MSG.saved);
      return refresh();
    },
    onError: (error) => toast.apiError(error, TRIGGER_MSG.saveError),
  });
}

/** PATCH /triggers/copy-triggers: the target's triggers are replaced by the source's. */
export function useCopyTriggers() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TCopyTriggersBody) =>
      apiRequest('/api/triggers/copy-triggers', { method: 'PATCH', body, schema: ZOk }),
    onSuccess: () => {
      toast.success(TRIGGER_MSG.copied);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
}

/** POST /channels/use-triggers-from/{type}/{id}: null stops using another channel's triggers. */
export function useUseTriggersFrom(channel: { type: string; id: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number | null) =>
      apiRequest(channelPath('use-triggers-from', channel.type, channel.id), {
        method: 'POST',
        body: { channel_id: channelId },
        schema: ZOk,
      }),
    onSuccess: () => {
      toast.success();
      return queryClient.invalidateQueries({ queryKey: triggersKeys.all });
    },
    onError: (error) => toast.apiError(error),
  });
}

/** POST /channel/trigger_image (channel_id, channel_type, file): the stored image to put in an action. */
export function uploadTriggerImage(channel: { type: string; id: number }, file: File) {
  const form = new FormData();
  form.append('channel_id', String(channel.id));
  form.append('channel_type', channel.type);
  form.append('file', file);
  return apiRequest('/api/channel/trigger_image', {
    method: 'POST',
    body: form,
    schema: ZTriggerImageAnswer,
  });
}
