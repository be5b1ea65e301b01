import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ChannelRegistry } from '../../channels/registry';
import { contacts, messages } from '../../db/schema/attendance';
import { statuses } from '../../db/schema/organization';
import type { AppDeps } from '../../platform/deps';
import { type AttendanceRow, toCard, toMessage } from './card';
import { deliverMessage } from './deliver-message';

export type StatusMessageDeps = Pick<AppDeps, 'db' | 'events'> & { channels: ChannelRegistry };

/**
 * A finalization status's "Mensagem" (statuses.message) goes to the customer when an attendance is finalized
 * with it: stored as a message of that attendance, then handed to its channel like any outgoing message.
 * An empty message sends nothing.
 */
export async function sendStatusMessage(
  deps: StatusMessageDeps,
  input: {
    attendance: AttendanceRow;
    status: { id: number; message: string | null };
    operator: { id: number; name: string } | null;
  },
) {
  const text = input.status.message?.trim() ?? '';
  if (!text) return null;
  const { attendance } = input;
  const [stored] = await deps.db
    .insert(messages)
    .values({
      companyId: attendance.companyId,
      attendanceId: attendance.id,
      messageId: `status_${randomUUID()}`,
      text,
      senderType: 1,
      operatorId: input.operator?.id ?? null,
      operatorName: input.operator?.name ?? null,
      sentAt: new Date(),
      metadata: { automatic: true, status_id: input.status.id },
      delivery: 'sending',
    })
    .returning();
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, attendance.companyId), eq(contacts.id, attendance.contactId)));
  if (!stored || !contact) return null;
  const card = toCard(attendance);
  deps.events.emit('message:created', { companyId: attendance.companyId, card, message: toMessage(stored) });
  return deliverMessage(deps, { card, stored, contact });
}

/** The same, for a finalization that knows only the status id (the automatic finalization of the timers). */
export async function sendStatusMessageOf(
  deps: StatusMessageDeps,
  input: { attendance: AttendanceRow; statusId: number; operator: { id: number; name: string } | null },
) {
  const [status] = await deps.db
    .select({ id: statuses.id, message: statuses.message })
    .from(statuses)
    .where(and(eq(statuses.companyId, input.attendance.companyId), eq(statuses.id, input.statusId)));
  if (!status) return null;
  return sendStatusMessage(deps, { attendance: input.attendance, status, operator: input.operator });
}
