import { and, eq } from 'drizzle-orm';
import { statuses } from '../../db/schema/organization';
import type { Db, Tx } from '../../platform/db';
import type { AttendanceRow, MessageRow } from './card';
import { type AutomaticMessageDeps, recordAutomaticMessage } from './send-automatic-message';

export type StatusMessageDeps = AutomaticMessageDeps;

/**
 * A finalization status's "Mensagem" (statuses.message) goes to the customer when an attendance is finalized
 * with it: stored as a message of that attendance in the finalization's own transaction (so the widget hears of
 * the end after it), then handed to its channel like any outgoing message. An empty message records nothing.
 */
export async function recordStatusMessage(
  tx: Tx,
  input: {
    attendance: AttendanceRow;
    status: { id: number; message: string | null };
    operator: { id: number; name: string } | null;
  },
): Promise<MessageRow | null> {
  const text = input.status.message?.trim() ?? '';
  if (!text) return null;
  return recordAutomaticMessage(tx, {
    attendance: input.attendance,
    text,
    idPrefix: 'status_',
    origin: 'status',
    operator: input.operator,
    metadata: { status_id: input.status.id },
  });
}

/** The status (id and message) a finalization sends, or null when it is gone. */
export async function findStatusMessage(
  db: Db | Tx,
  companyId: number,
  statusId: number,
): Promise<{ id: number; message: string | null } | null> {
  const [status] = await db
    .select({ id: statuses.id, message: statuses.message })
    .from(statuses)
    .where(and(eq(statuses.companyId, companyId), eq(statuses.id, statusId)));
  return status ?? null;
}
