import { and, eq, isNull } from 'drizzle-orm';
import { attendances, contacts } from '../../db/schema/attendance';
import type { AppDeps } from '../../platform/deps';
import { updateOpenAttendance } from '../attendance/update-attendance';

/**
 * The open attendances of a person show its edited name (or, without one, the name the contact has on its
 * channel); after an edit or a merge the cards change on every screen that shows them.
 */
export async function refreshCardNames(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  personId: number,
  editedName: string | null,
) {
  const open = await deps.db
    .select({ attendance: attendances, contactName: contacts.name })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(
      and(
        eq(attendances.companyId, companyId),
        eq(attendances.personId, personId),
        isNull(attendances.closedAt),
      ),
    );
  for (const { attendance, contactName } of open) {
    const name = editedName ?? contactName;
    if (attendance.name !== name) await updateOpenAttendance(deps, attendance, { name }, { by: null });
  }
}
