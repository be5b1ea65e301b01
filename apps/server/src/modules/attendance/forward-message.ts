import { ATT_MSG } from '@prosa/shared/attendance';
import type { Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { storedAttachments } from '../attachments/present';
import { loadForAction } from './load-for-action';
import { findMessagesByMessageIds } from './repository';
import { type SendDeps, sendMessage } from './send-message';

/** Forwards one message of a conversation the caller sees to another open one they also see. */
export async function forwardMessage(
  deps: SendDeps,
  caller: Caller,
  input: { attendanceId: number; messageId: string; targetAttendanceId: number },
) {
  const { attendance } = await loadForAction(deps, caller, input.attendanceId, { allowClosed: true });
  const [original] = await findMessagesByMessageIds(deps.db, caller.companyId, [input.messageId]);
  if (!original || original.attendanceId !== attendance.id)
    throw notFound('Não foi possível exibir a mensagem.');
  return sendMessage(deps, caller, {
    attendanceId: input.targetAttendanceId,
    message: original.text.trim() || ATT_MSG.forwardText,
    // The files go along: the stored attachments, not references to upload again.
    storedAttachments: storedAttachments(original.attachments),
    metadata: { forwarded: true, forwarded_from: attendance.protocol },
  });
}
