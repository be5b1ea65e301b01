import { ATT_MSG } from '@prosa/shared/attendance';
import { CONTACT_FIELD_MSG, checkFieldValue } from '@prosa/shared/contact-fields';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { updatedFact } from '../attendance/attendance-facts';
import { type AttendanceRow, toCard } from '../attendance/card';
import { loadForAction } from '../attendance/load-for-action';
import { lockAttendance } from '../scheduling/repository';
import { listDefinitions, toContactField } from './repository';

/** The values filled in an attendance: attendances.data.contact_metadata {key: value}, kept in its history. */
export function storedValues(attendance: Pick<AttendanceRow, 'data'>): Record<string, string> {
  const raw = attendance.data.contact_metadata;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>;
}

/** The active fields of the attendance's sector and the values filled in this attendance. */
export async function getAttendanceContactFields(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  attendanceId: number,
) {
  const { attendance } = await loadForAction(deps, caller, attendanceId, { allowClosed: true });
  const defs = await listDefinitions(deps.db, caller.companyId, {
    activeOnly: true,
    sectorId: attendance.sectorId,
  });
  return { fields: defs.map(toContactField), values: storedValues(attendance) };
}

/**
 * Saves the contact fields of an open attendance (spec 1 §5 Contact metadata): every active field of its
 * sector is checked in screen order ("Campo … obrigatório!", "Campo … é inválido!"), numbers made positive,
 * list values stored by option key. Keys of other fields stay as they were.
 */
export async function saveAttendanceContactFields(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { attendanceId: number; values: Record<string, string | number | null> },
) {
  const { attendance } = await loadForAction(deps, caller, input.attendanceId);
  const defs = await listDefinitions(deps.db, caller.companyId, {
    activeOnly: true,
    sectorId: attendance.sectorId,
  });
  const changes: Record<string, string | null> = {};
  for (const def of defs) {
    const checked = checkFieldValue(def, input.values[def.key]);
    if (!checked.ok) throw badRequest(checked.message);
    changes[def.key] = checked.value;
  }
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockAttendance(tx, caller.companyId, attendance.id);
    if (!locked) throw notFound(ATT_MSG.attendanceNotFound);
    if (locked.closedAt) throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
    const values = { ...storedValues(locked) };
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) delete values[key];
      else values[key] = value;
    }
    const [updated] = await tx
      .update(attendances)
      .set({
        data: sql`${attendances.data} || jsonb_build_object('contact_metadata', ${JSON.stringify(values)}::jsonb)`,
        updatedAt: new Date(),
      })
      .where(and(eq(attendances.companyId, caller.companyId), eq(attendances.id, locked.id)))
      .returning();
    if (updated) await writeFacts(tx, [updatedFact(updated, ['data'], caller.userId)]);
    return updated;
  });
  if (!row) throw notFound(ATT_MSG.attendanceNotFound);
  const card = toCard(row);
  return { message: CONTACT_FIELD_MSG.valuesSaved, values: storedValues(row), card };
}
