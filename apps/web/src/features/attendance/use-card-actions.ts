import { ATT_MSG, type TCard, type TCardPage } from '@prosa/shared/attendance';
import { statusErrorText } from '@prosa/shared/attendance-constants';
import type { TCompanyFeatures } from '@prosa/shared/company-metadata';
import type { TEmailReplyExtras } from '@prosa/shared/email';
import { ERROR_CODE } from '@prosa/shared/messages';
import { canSeeAttendance, viewMode } from '@prosa/shared/visibility';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api';
import { applyCard, dropCard, notifyFailure, openAttendance } from '../../lib/attendance-cache';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { chatApi } from './api';
import { CHAT_WARNING_MS } from './chat-realtime';
import { mergeMessage, type TMessagePages } from './message-cache';

function useRoutePath(card: TCard) {
  const user = useCurrentUser();
  return { companyId: user.companyId, sectorId: card.sector_id, userId: user.id };
}

export function useSendMessage(card: TCard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; replyMessage?: string; email?: TEmailReplyExtras }) =>
      chatApi.send(card.id, body),
    onSuccess: ({ message, card: next }) => {
      queryClient.setQueryData<TMessagePages>(queryKeys.attendanceMessages(card.id), (data) =>
        mergeMessage(data, message),
      );
      applyCard(queryClient, next);
    },
    // A message the server refuses (400, e.g. control words) is a warning; the composer keeps the text.
    onError: (error) => {
      if (error instanceof ApiError && error.code === ERROR_CODE.transferred) {
        // The chat went to another operator meanwhile (spec 1 §5): say so and leave it.
        toast.warning(errorMessage(error, ATT_MSG.transferred), {
          id: `attendance-removed-${card.id}`,
          autoClose: CHAT_WARNING_MS,
        });
        queryClient.setQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists }, (page) =>
          dropCard(page, card.id),
        );
        if (openAttendance.get() === card.id) openAttendance.close();
        return;
      }
      if (error instanceof ApiError && error.status === 400)
        toast.warning(errorMessage(error, ATT_MSG.sendError), { autoClose: CHAT_WARNING_MS });
      else notifyFailure(error, ATT_MSG.sendError);
    },
  });
}

export function useForwardMessage(card: TCard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message_id: string; target_attendance_id: number }) =>
      chatApi.forward(card.id, body),
    onSuccess: ({ card: target }) => {
      applyCard(queryClient, target);
      toast.success(ATT_MSG.messageSent);
    },
    onError: (error) => notifyFailure(error, ATT_MSG.sendError),
  });
}

export function useSaveNotes(card: TCard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => chatApi.saveNotes(card.id, notes),
    onSuccess: (res) => {
      applyCard(queryClient, res.card);
      toast.success(res.message);
    },
    onError: (error) => notifyFailure(error),
  });
}

/** Calls that may take the attendance away from this user: the modal closes when they do. */
function useLeavingCall<V>(
  card: TCard,
  call: (v: V) => Promise<{ message: string; card: TCard }>,
  fallback?: string,
) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: (v: V) => {
      openAttendance.markLeaving(card.id);
      return call(v);
    },
    onSuccess: (res) => {
      applyCard(queryClient, res.card);
      toast.success(res.message);
      const features = queryClient.getQueryData<TCompanyFeatures>(queryKeys.companyFeatures);
      const mode = viewMode({
        role: user.role,
        triage: features?.triage,
        autoDist: features?.auto_dist ?? false,
      });
      const stays = canSeeAttendance(
        { userId: user.id, role: user.role, sectorIds: user.sectorIds, mode },
        { sectorId: res.card.sector_id, operatorAssignedId: res.card.operator_assigned_id },
      );
      if (stays) openAttendance.unmarkLeaving(card.id);
      else openAttendance.close();
    },
    onError: (error) => {
      openAttendance.unmarkLeaving(card.id);
      notifyFailure(error, fallback);
    },
  });
}

export function useSwitchSector(card: TCard) {
  return useLeavingCall(
    card,
    (sectorId: number) => chatApi.switchSector(card.id, sectorId),
    ATT_MSG.sectorError,
  );
}

export function useSwitchOperator(card: TCard) {
  return useLeavingCall(
    card,
    (operatorId: number) => chatApi.switchOperator(card.id, operatorId),
    ATT_MSG.operatorError,
  );
}

export function useSetStatus(card: TCard) {
  const queryClient = useQueryClient();
  const path = useRoutePath(card);
  return useMutation({
    mutationFn: (status: { id: number; finalizes: boolean }) => {
      if (status.finalizes) openAttendance.markLeaving(card.id);
      return chatApi.setStatus(path, { status: status.id, contact: card.id });
    },
    onSuccess: (res) => {
      applyCard(queryClient, res.card);
      toast.success(res.message);
      if (res.closed) {
        queryClient.setQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists }, (page) =>
          dropCard(page, card.id),
        );
        openAttendance.close();
      }
    },
    onError: (error) => {
      openAttendance.unmarkLeaving(card.id);
      const features = queryClient.getQueryData<TCompanyFeatures>(queryKeys.companyFeatures);
      notifyFailure(error, statusErrorText(features?.auto_dist ?? false));
    },
  });
}

export function useBusyClient(card: TCard) {
  const queryClient = useQueryClient();
  const path = useRoutePath(card);
  return useMutation({
    mutationFn: (busy: boolean) => chatApi.setBusyClient(path, { busy, contact: card.id }),
    onSuccess: (res) => {
      applyCard(queryClient, res.card);
      toast.success(res.message);
    },
    onError: (error) => notifyFailure(error),
  });
}

/** Texts of the managers' actions on a card (issue 24 item 2). */
export const SUPERVISOR_MSG = {
  queued: 'Atendimento devolvido para a fila.',
  frontQueued: 'Atendimento devolvido para o início da fila.',
} as const;

/** del-locked-contact: the locked attendance is finalized and leaves the list. */
export function useRemoveLocked(card: TCard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      openAttendance.markLeaving(card.id);
      return chatApi.removeLocked(card.id);
    },
    onSuccess: (res) => {
      toast.success(res.message);
      queryClient.setQueriesData<TCardPage>({ queryKey: queryKeys.attendanceLists }, (page) =>
        dropCard(page, card.id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
      openAttendance.close();
    },
    onError: (error) => {
      openAttendance.unmarkLeaving(card.id);
      notifyFailure(error, ATT_MSG.lockedRemoveError);
    },
  });
}

/** The attendance goes back to the distribution's waiting queue, or to its front. */
export function useReturnToQueue(card: TCard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (front: boolean) => chatApi.returnToQueue(card.id, front),
    onSuccess: (_res, front) => {
      toast.success(front ? SUPERVISOR_MSG.frontQueued : SUPERVISOR_MSG.queued);
      void queryClient.invalidateQueries({ queryKey: queryKeys.attendance(card.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
    },
    onError: (error) => notifyFailure(error),
  });
}
