import { and, eq } from 'drizzle-orm';
import { attendances, messages } from '../../db/schema/attendance';
import type { Db } from '../../platform/db';

/** When the person last wrote in the attendance of a message (null: never, or no such message). */
export async function lastContactMessageAt(
  db: Db,
  companyId: number,
  messageId: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: attendances.latestContactChatMessageAt })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
    .limit(1);
  return row?.at ?? null;
}
