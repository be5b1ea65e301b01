import type { TCloseReason, TFactInput, TTransferReason } from '@prosa/shared/facts';
import { attendanceTransfers } from '../../db/schema/facts';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AttendanceRow } from './card';

/** Where an attendance was routed before a change. */
export type Route = { sectorId: number; operatorAssignedId: number | null };

/** Who changed an attendance and why: `reason` names a change of hands, `closeReason` a finalization. */
export type ChangeCause = { by: number | null; reason?: TTransferReason; closeReason?: TCloseReason };

// Columns whose change another fact already tells (or that only follow another change).
const TOLD_ELSEWHERE = new Set([
  'sectorId',
  'operatorAssignedId',
  'operatorAssignedName',
  'statusId',
  'closedAt',
  'closedByUserId',
  'closedByUserName',
  'updatedAt',
]);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type Handover = {
  before: Route;
  after: AttendanceRow;
  cause: { by: number | null; reason: TTransferReason };
};

/**
 * The changes of hands among `handovers` (those whose sector or operator changed): their `attendance_transfers`
 * rows in one insert, and for each the `attendance.transferred` (sector changed) or `attendance.assigned`
 * (operator only) fact, returned for the caller to write with its other facts.
 */
export async function handoversFacts(tx: Tx, handovers: readonly Handover[]): Promise<TFactInput[]> {
  const moved = handovers.filter(
    ({ before, after }) =>
      after.sectorId !== before.sectorId || after.operatorAssignedId !== before.operatorAssignedId,
  );
  if (moved.length === 0) return [];
  await tx.insert(attendanceTransfers).values(
    moved.map(({ before, after, cause }) => ({
      companyId: after.companyId,
      attendanceId: after.id,
      fromSectorId: before.sectorId,
      toSectorId: after.sectorId,
      fromOperatorId: before.operatorAssignedId,
      toOperatorId: after.operatorAssignedId,
      byUserId: cause.by,
      reason: cause.reason,
    })),
  );
  return moved.map(({ before, after, cause }): TFactInput => {
    const handover = {
      from_operator_id: before.operatorAssignedId,
      to_operator_id: after.operatorAssignedId,
      by: cause.by,
      reason: cause.reason,
    };
    const base = { companyId: after.companyId, attendanceId: after.id, actorUserId: cause.by };
    return after.sectorId !== before.sectorId
      ? {
          ...base,
          name: 'attendance.transferred',
          data: { from_sector_id: before.sectorId, to_sector_id: after.sectorId, ...handover },
        }
      : { ...base, name: 'attendance.assigned', data: { sector_id: after.sectorId, ...handover } };
  });
}

/** The same for one attendance. */
export function handoverFacts(
  tx: Tx,
  before: Route,
  after: AttendanceRow,
  cause: Handover['cause'],
): Promise<TFactInput[]> {
  return handoversFacts(tx, [{ before, after, cause }]);
}

/**
 * The facts of a change applied to an open attendance (`changes` names the columns set): closed, or status set,
 * change of hands, and the other columns as `attendance.updated`. Written in `tx`, the change's transaction.
 */
export async function writeAttendanceChange(
  tx: Tx,
  before: AttendanceRow,
  after: AttendanceRow,
  changes: readonly string[],
  cause: ChangeCause,
): Promise<void> {
  const base = { companyId: after.companyId, attendanceId: after.id, actorUserId: cause.by };
  const facts: TFactInput[] = [];
  if (after.closedAt && !before.closedAt) {
    facts.push(
      closedFact(after, cause.by, cause.closeReason ?? (after.statusId !== null ? 'status' : 'locked')),
    );
  } else {
    if (changes.includes('statusId') && after.statusId !== null && after.statusId !== before.statusId) {
      facts.push({
        ...base,
        name: 'attendance.status_set',
        data: { status_id: after.statusId, by: cause.by },
      });
    }
    facts.push(
      ...(await handoverFacts(tx, before, after, { by: cause.by, reason: cause.reason ?? 'transfer' })),
    );
  }
  // A finalization tells the rest of the change (read, unread count) by itself.
  const fields = after.closedAt ? [] : changes.filter((k) => !TOLD_ELSEWHERE.has(k));
  if (fields.length > 0) facts.push(updatedFact(after, fields, cause.by));
  await writeFacts(tx, facts);
}

/** `attendance.updated` for the columns an operation changed (no other fact tells them). */
export function updatedFact(
  row: Pick<AttendanceRow, 'companyId' | 'id'>,
  fields: readonly string[],
  by: number | null = null,
): TFactInput {
  return {
    companyId: row.companyId,
    attendanceId: row.id,
    actorUserId: by,
    name: 'attendance.updated',
    data: { fields: fields.map(snake) },
  };
}

/** `attendance.closed` of a finalized attendance. */
export function closedFact(row: AttendanceRow, by: number | null, reason: TCloseReason): TFactInput {
  return {
    companyId: row.companyId,
    attendanceId: row.id,
    actorUserId: by,
    name: 'attendance.closed',
    data: { status_id: row.statusId, by, reason },
  };
}
