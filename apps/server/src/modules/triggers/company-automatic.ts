import { outsideBusinessHours } from '@prosa/shared/company-automation';
import { localTime } from '@prosa/shared/dates';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { AutomationRun } from '../automation/run';
import { companyAutomaticAttendance } from '../companies/company-automation';

// The company's automatic attendance (company edit, issue 24) where the channel sets none of its own: the
// out-of-hours reply when an attendance opens outside the company's business hours, and the reply when it reaches
// people and no operator of its sector is online.

/** The company's out-of-hours reply for this opening, or null (off, or within the business hours). */
export async function companyOutOfHoursReply(run: AutomationRun): Promise<string | null> {
  const auto = await companyAutomaticAttendance(run.tx, run.attendance.companyId);
  if (!auto.out_of_hours.enabled || !auto.out_of_hours.message) return null;
  const [row] = await run.tx
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, run.attendance.companyId));
  const { weekday, minutes } = localTime(run.now, row?.timezone ?? 'America/Sao_Paulo');
  return outsideBusinessHours(auto.hours, weekday, minutes) ? auto.out_of_hours.message : null;
}

/** The company's reply when no operator is online, or null when it is off. */
export async function companyOfflineReply(run: AutomationRun): Promise<string | null> {
  const auto = await companyAutomaticAttendance(run.tx, run.attendance.companyId);
  return auto.offline.enabled && auto.offline.message ? auto.offline.message : null;
}
