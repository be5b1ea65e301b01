import { BACKUP_MSG, type TRestoredConversation } from '@prosa/shared/backups';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { toRestoredAttendance } from './restored-attendances';
import { restoredCompanyOf } from './restored-company';
import { findRestoredAttendance, restoredMessages } from './restored-repository';

/** The kind of a message: its first attachment's type, or plain text. */
function messageType(attachments: readonly unknown[]): string {
  const first = attachments[0];
  if (first && typeof first === 'object' && 'type' in first && typeof first.type === 'string')
    return first.type;
  return 'text';
}

/** GET /backups/:id/restored/:attendanceId/messages: one restored attendance's conversation, in order. */
export async function restoredConversation(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { backupId: number; attendanceId: number },
): Promise<TRestoredConversation> {
  const company = await restoredCompanyOf(deps, caller, input.backupId);
  const attendance = await findRestoredAttendance(deps.db, company.id, input.attendanceId);
  if (!attendance) throw notFound(BACKUP_MSG.attendanceNotFound);
  const rows = await restoredMessages(deps.db, company.id, attendance.id);
  return {
    company,
    attendance: toRestoredAttendance(attendance),
    messages: rows.map((m) => ({
      id: m.id,
      direction: m.senderType === 0 ? 'in' : 'out',
      // Contact messages are the contact's; the restore keeps the operator's name, not their account.
      author: m.senderType === 0 ? (attendance.contactName ?? attendance.name) : m.operatorName,
      text: m.text,
      type: messageType(m.attachments),
      sent_at: m.sentAt.toISOString(),
    })),
  };
}
