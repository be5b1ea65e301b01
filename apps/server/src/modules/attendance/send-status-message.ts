import { and, eq } from 'drizzle-orm';
import { statuses } from '../../db/schema/organization';
import type { AttendanceRow } from './card';
import { type AutomaticMessageDeps, sendAutomaticMessage } from './send-automatic-message';

export type StatusMessageDeps = AutomaticMessageDeps;

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
  return sendAutomaticMessage(deps, {
    attendance: input.attendance,
    text,
    idPrefix: 'status_',
    origin: 'status',
    operator: input.operator,
    metadata: { status_id: input.status.id },
  });
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
