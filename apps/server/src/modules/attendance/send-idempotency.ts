import { randomUUID } from 'node:crypto';
import type { TCard, TMessage } from '@prosa/shared/attendance';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema/attendance';
import type { AppDeps } from '../../platform/deps';
import { presentMessage } from '../attachments/present';
import { type AttendanceRow, toCard, toMessage } from './card';

/** Our id of an operator message: from the screen's client id when it gave one, so a retry is recognised. */
export function operatorMessageId(attendanceId: number, clientId: string | undefined): string {
  return clientId ? `op_${attendanceId}_${clientId}` : `op_${randomUUID()}`;
}

/**
 * A send repeated with the same client id (a retry after a lost answer, a double click) answers the message
 * already stored, and nothing is stored or delivered twice. Null when this is the first send.
 */
export async function replayedSend(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config'>,
  input: { companyId: number; attendance: AttendanceRow; clientId: string | undefined },
): Promise<{ message: TMessage; card: TCard } | null> {
  if (!input.clientId) return null;
  const [stored] = await deps.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, input.companyId),
        eq(messages.messageId, operatorMessageId(input.attendance.id, input.clientId)),
      ),
    )
    .limit(1);
  if (!stored) return null;
  return { message: presentMessage(deps, toMessage(stored)), card: toCard(input.attendance) };
}
