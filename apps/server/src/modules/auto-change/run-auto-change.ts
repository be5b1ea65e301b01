import { readCompanyMetadata } from '@prosa/shared/company-metadata';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { statuses } from '../../db/schema/organization';
import type { AttendanceRow, MessageRow } from '../attendance/card';
import { recordStatusMessage, type StatusMessageDeps } from '../attendance/send-status-message';
import { updateOpenAttendance } from '../attendance/update-attendance';
import { findCompany } from '../companies/repository';
import { sendSoon } from '../outbound/send-outbound';

/** Attendances changed in one run of a company at most: the next run takes the rest. */
const BATCH = 200;

class NoLongerIdle extends Error {}

/**
 * Automatic status change (attendance settings tab "auto change", change_auto): an open, assigned, non-automatic
 * attendance whose operator spoke last more than `minutes` ago without a customer message since gets the
 * company's chosen status, as a user's set-status would: a classification marks it, a finalization closes it
 * (reason 'auto', by nobody) with the status's message to the customer. Off (0 minutes or no status): nothing.
 */
export async function runAutoChange(
  deps: StatusMessageDeps,
  input: { companyId: number; now: Date },
): Promise<{ changed: number }> {
  const company = await findCompany(deps.db, input.companyId);
  if (!company) return { changed: 0 };
  const { minutes, status_id: statusId } = readCompanyMetadata(company.metadata).change_auto;
  if (!minutes || !statusId) return { changed: 0 };
  const [status] = await deps.db
    .select()
    .from(statuses)
    .where(
      and(eq(statuses.companyId, input.companyId), eq(statuses.id, statusId), isNull(statuses.deletedAt)),
    );
  if (!status) return { changed: 0 };

  const cutoff = sql`${input.now}::timestamptz - make_interval(mins => ${minutes})`;
  // Idle: the operator's message is the last one and it is older than the cutoff; not already with the status.
  const idle = sql`${attendances.closedAt} is null and ${attendances.scheduled} <> 1
    and ${attendances.operatorAssignedId} is not null and not ${attendances.auto}
    and ${attendances.lastMessageSender} = 1 and ${attendances.latestOperatorAnswerAt} < ${cutoff}
    and ${attendances.statusId} is distinct from ${status.id}`;
  const rows = await deps.db
    .select()
    .from(attendances)
    .where(and(eq(attendances.companyId, input.companyId), idle))
    .orderBy(asc(attendances.latestOperatorAnswerAt))
    .limit(BATCH);

  const finalize = status.shouldClose === 1;
  let changed = 0;
  for (const row of rows) {
    const recorded: { message: MessageRow | null } = { message: null };
    const updated = await updateOpenAttendance(
      deps,
      row,
      finalize
        ? {
            statusId: status.id,
            closedAt: input.now,
            closedByUserId: null,
            closedByUserName: 'Automático',
            unreadCount: 0,
          }
        : { statusId: status.id },
      { by: null, closeReason: 'auto' },
      // A customer message or an operator action since the select keeps it as it is.
      async (tx) => {
        const [still] = await tx
          .select({ id: attendances.id })
          .from(attendances)
          .where(and(eq(attendances.companyId, row.companyId), eq(attendances.id, row.id), idle))
          .for('update');
        if (!still) throw new NoLongerIdle();
      },
      finalize
        ? async (tx, closed: AttendanceRow) => {
            recorded.message = await recordStatusMessage(tx, { attendance: closed, status, operator: null });
          }
        : undefined,
    ).catch((err: unknown) => {
      if (err instanceof NoLongerIdle) return null;
      throw err;
    });
    if (!updated) continue;
    changed++;
    if (recorded.message) await sendSoon(deps, recorded.message);
  }
  return { changed };
}
