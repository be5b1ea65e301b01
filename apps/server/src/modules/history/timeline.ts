import { ROLE } from '@prosa/shared/roles';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { attendances } from '../../db/schema/attendance';
import { statuses } from '../../db/schema/organization';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadForAction } from '../attendance/load-for-action';

const st = alias(statuses, 'st');

/** The history timeline of the card's person: every attendance on any channel, newest first. */
export async function contactTimeline(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { attendanceId: number },
) {
  const { attendance, viewer } = await loadForAction(deps, caller, input.attendanceId, { allowClosed: true });
  const conds = [eq(attendances.companyId, caller.companyId), eq(attendances.personId, attendance.personId)];
  if (caller.role < ROLE.admin)
    conds.push(inArray(attendances.sectorId, viewer.sectorIds.length > 0 ? viewer.sectorIds : [-1]));
  const rows = await deps.db
    .select({
      id: attendances.id,
      protocol: attendances.protocol,
      channel_kind: attendances.channelKind,
      first_start_chat_at: attendances.firstStartChatAt,
      closed_at: attendances.closedAt,
      status_name: st.name,
      operator: attendances.operatorAssignedName,
    })
    .from(attendances)
    .leftJoin(st, and(eq(st.companyId, attendances.companyId), eq(st.id, attendances.statusId)))
    .where(and(...conds))
    .orderBy(desc(attendances.id))
    .limit(50);
  return rows.map((r) => ({
    ...r,
    first_start_chat_at: r.first_start_chat_at.toISOString(),
    closed_at: r.closed_at?.toISOString() ?? null,
  }));
}
