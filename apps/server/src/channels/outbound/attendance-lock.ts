import { LOCK_AFTER_FAILED_SENDS } from '@prosa/shared/attendance-constants';
import { sql } from 'drizzle-orm';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';

// docs/decisions/0011-locked-attendances.md: an open attendance is locked ("Travado") while the last
// LOCK_AFTER_FAILED_SENDS outgoing messages since the contact last wrote all ended in error; a later delivered
// message or a new message of the contact unlocks it.

/**
 * Recomputes `locked` of the attendances whose outgoing messages just ended (sent or error), in the transaction
 * that recorded the end, and tells each change with `attendance.updated` so that the cards refresh.
 */
export async function settleLocked(
  tx: Tx,
  companyId: number,
  attendanceIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(attendanceIds)].sort((x, y) => x - y);
  if (ids.length === 0) return;
  // Two sends of one attendance ending at once: the second waits for the first and then sees its ending.
  await tx.execute(sql`
    select id from attendances where company_id = ${companyId} and id = any(${sql.param(ids)}::bigint[])
    order by id for update`);
  const changed = await tx.execute<{ id: number }>(sql`
    update attendances a set locked = s.want, updated_at = now()
    from (
      select t.id, coalesce((
        select count(*) = ${LOCK_AFTER_FAILED_SENDS} and bool_and(r.delivery = 'error')
        from (
          select m.delivery from messages m
          where m.company_id = ${companyId} and m.attendance_id = t.id and m.sender_type <> 0
            and m.delivery <> 'sending'
            and m.id > coalesce((select max(i.id) from messages i
                                 where i.company_id = ${companyId} and i.attendance_id = t.id
                                   and i.sender_type = 0), 0)
          order by m.id desc limit ${LOCK_AFTER_FAILED_SENDS}
        ) r
      ), false) as want
      from unnest(${sql.param(ids)}::bigint[]) as t(id)
    ) s
    where a.company_id = ${companyId} and a.id = s.id and a.closed_at is null and a.locked <> s.want
    returning a.id`);
  await writeFacts(
    tx,
    changed.rows.map((r) => ({
      companyId,
      attendanceId: Number(r.id),
      name: 'attendance.updated' as const,
      data: { fields: ['locked'] },
    })),
  );
}
