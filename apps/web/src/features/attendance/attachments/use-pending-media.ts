import {
  ATTACHMENT_MSG,
  checkFilesBeforeUpload,
  kindByName,
  type TAttachmentKind,
} from '@prosa/shared/attachment-rules';
import type { TAttachmentRef } from '@prosa/shared/attachments';
import { type TCard, ZSendResult } from '@prosa/shared/attendance';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, errorMessage } from '../../../lib/api';
import { applyCard } from '../../../lib/attendance-cache';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { mergeMessage, type TMessagePages } from '../message-cache';
import { UploadError, uploadFile } from './upload-file';

/** Spec 1 §3 Attachment attachState: 2 uploading, 3 ready. */
export type TAttachState = 2 | 3;

export type TPendingItem = {
  localId: string;
  name: string;
  size: number;
  kind: TAttachmentKind;
  attachState: TAttachState;
  /** 0 to 1 while uploading. */
  progress: number;
  /** A local preview of an image, revoked when the item goes away. */
  previewUrl: string | null;
  ref: TAttachmentRef | null;
};

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replaceAll('-', '')
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** The message with uploaded files (and the caption) to the attendance; the answer updates the caches. */
export function useSendAttachments(card: TCard) {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: { message: string; attachments: TAttachmentRef[]; client_id: string }) => {
      const result = await apiRequest(`/api/attendances/${card.id}/messages`, {
        method: 'POST',
        body,
        schema: ZSendResult,
      });
      queryClient.setQueryData<TMessagePages>(queryKeys.attendanceMessages(card.id), (data) =>
        mergeMessage(data, result.message),
      );
      applyCard(queryClient, result.card);
      return result;
    },
    [card.id, queryClient],
  );
}

/**
 * The pending media of one attendance (spec 1 §2 "pending media", §4 "Attachment upload"): chosen files
 * upload at once with progress; removing one or cancelling aborts its upload; sending goes once with the
 * caption and every ready file. Leaving the attendance cancels everything, and nothing is sent.
 */
export function usePendingMedia(card: TCard) {
  const [items, setItems] = useState<TPendingItem[]>([]);
  const [sending, setSending] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
  // One client id per batch: a retried send after a lost answer is not stored twice.
  const batchId = useRef(newId());
  const sendAttachments = useSendAttachments(card);

  const patch = (localId: string, change: Partial<TPendingItem>) =>
    setItems((list) => list.map((i) => (i.localId === localId ? { ...i, ...change } : i)));

  const drop = useCallback((localId: string) => {
    controllers.current.get(localId)?.abort();
    controllers.current.delete(localId);
    setItems((list) => {
      const gone = list.find((i) => i.localId === localId);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((i) => i.localId !== localId);
    });
  }, []);

  const cancelAll = useCallback(() => {
    for (const c of controllers.current.values()) c.abort();
    controllers.current.clear();
    setItems((list) => {
      for (const i of list) if (i.previewUrl) URL.revokeObjectURL(i.previewUrl);
      return [];
    });
    batchId.current = newId();
  }, []);

  // Closing the chat (the composer goes away) cancels pending uploads (spec 1 §2).
  useEffect(() => () => cancelAll(), [cancelAll]);

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const problem = checkFilesBeforeUpload(files, items.length);
    if (problem) {
      toast.warning(problem);
      return;
    }
    const fresh: (TPendingItem & { file: File })[] = files.map((file) => {
      const kind = kindByName(file.name) ?? 'document';
      return {
        file,
        localId: newId(),
        name: file.name,
        size: file.size,
        kind,
        attachState: 2,
        progress: 0,
        previewUrl: kind === 'image' ? URL.createObjectURL(file) : null,
        ref: null,
      };
    });
    setItems((list) => [...list, ...fresh.map(({ file: _file, ...item }) => item)]);
    for (const item of fresh) {
      const controller = new AbortController();
      controllers.current.set(item.localId, controller);
      uploadFile({
        url: `/api/attendances/${card.id}/upload`,
        file: item.file,
        name: item.name,
        signal: controller.signal,
        onProgress: (progress) => patch(item.localId, { progress }),
      }).then(
        (result) => {
          controllers.current.delete(item.localId);
          patch(item.localId, { attachState: 3, progress: 1, ref: result.file });
        },
        (err: unknown) => {
          if (err instanceof UploadError && err.aborted) return;
          toast.error(err instanceof UploadError ? err.message : ATTACHMENT_MSG.uploadError);
          drop(item.localId);
        },
      );
    }
  };

  const ready = items.length > 0 && items.every((i) => i.attachState === 3 && i.ref);

  const send = async (caption: string): Promise<boolean> => {
    if (!ready || sending) return false;
    setSending(true);
    try {
      await sendAttachments({
        message: caption,
        attachments: items.flatMap((i) => (i.ref ? [i.ref] : [])),
        client_id: batchId.current,
      });
      for (const i of items) if (i.previewUrl) URL.revokeObjectURL(i.previewUrl);
      setItems([]);
      batchId.current = newId();
      return true;
    } catch (err) {
      toast.error(errorMessage(err, ATTACHMENT_MSG.sendError));
      return false;
    } finally {
      setSending(false);
    }
  };

  return { items, add, remove: drop, cancelAll, send, ready, sending };
}
