import { ROLE } from './roles';

// Card visibility (spec 1 §6), one pure function for the server's queries and the UI alike.
export type TTriage = 'BASIC' | 'OPERATOR' | 'MANAGER';
export type TViewMode = 'ALL' | 'OWN' | 'OWN_NONE';

export function effectiveTriage(triage: TTriage | undefined, autoDist: boolean): TTriage {
  // Automatic distribution forces triage to MANAGER (spec 1 §4).
  return autoDist ? 'MANAGER' : (triage ?? 'BASIC');
}

export function viewMode(input: { role: number; triage: TTriage | undefined; autoDist: boolean }): TViewMode {
  if (input.role >= ROLE.admin) return 'ALL';
  const triage = effectiveTriage(input.triage, input.autoDist);
  if (triage === 'BASIC') return 'ALL';
  if (input.role >= ROLE.manager) return 'ALL';
  return triage === 'OPERATOR' ? 'OWN_NONE' : 'OWN';
}

/** Whether a user sees one attendance: sector membership (admins see every sector), then the view mode. */
export function canSeeAttendance(
  viewer: { userId: number; role: number; sectorIds: number[]; mode: TViewMode },
  attendance: { sectorId: number; operatorAssignedId: number | null },
): boolean {
  if (viewer.role < ROLE.admin && !viewer.sectorIds.includes(attendance.sectorId)) return false;
  if (viewer.mode === 'ALL') return true;
  if (attendance.operatorAssignedId === viewer.userId) return true;
  return viewer.mode === 'OWN_NONE' && attendance.operatorAssignedId === null;
}
