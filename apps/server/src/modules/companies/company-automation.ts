import {
  COMPANY_AUTOMATION_MSG,
  readAutomaticAttendance,
  type TAutomaticAttendance,
  type TCompanyAutomation,
} from '@prosa/shared/company-automation';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { statuses } from '../../db/schema/organization';
import { noticeCompanyUpdated } from '../../facts/notices';
import { companyScope } from '../../platform/company-scope';
import type { Db, Tx } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';

// Company edit's automatic attendance and default status (issue 24), kept in the company metadata
// (automatic_attendance, default_status) and read by the trigger engine and the finalizations without a status.

async function finalizingStatuses(db: Db | Tx, companyId: number) {
  return db
    .select({ id: statuses.id, name: statuses.name })
    .from(statuses)
    .where(
      ofCompany(
        statuses,
        companyId,
        and(eq(statuses.shouldClose, 1), eq(statuses.useInBot, false), isNull(statuses.deletedAt)),
      ),
    )
    .orderBy(asc(statuses.name));
}

const storedStatusOf = (metadata: unknown): number | null => {
  const v = (metadata as { default_status?: unknown } | null)?.default_status;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
};

/**
 * The company's default status for finalizations that chose none (a locked attendance removed): the stored one
 * while it still is a finalization status of the company, else null.
 */
export async function companyDefaultStatus(db: Db | Tx, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, companyId));
  const id = storedStatusOf(row?.metadata);
  if (id === null) return null;
  const valid = await finalizingStatuses(db, companyId);
  return valid.some((s) => s.id === id) ? id : null;
}

/** The company's automatic attendance as stored (defaults when never set). */
export async function companyAutomaticAttendance(
  db: Db | Tx,
  companyId: number,
): Promise<TAutomaticAttendance> {
  const [row] = await db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, companyId));
  return readAutomaticAttendance((row?.metadata as { automatic_attendance?: unknown })?.automatic_attendance);
}

export async function getCompanyAutomation(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
): Promise<TCompanyAutomation> {
  const id = await companyScope(deps.db, caller, companyId);
  const [row] = await deps.db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, id));
  if (!row) throw notFound();
  return {
    default_status: await companyDefaultStatus(deps.db, id),
    statuses: await finalizingStatuses(deps.db, id),
    automatic_attendance: readAutomaticAttendance(
      (row.metadata as { automatic_attendance?: unknown }).automatic_attendance,
    ),
  };
}

/** Writes one key of the metadata without touching the others (a settings save at the same time keeps its own). */
async function setMetadataKey(db: Db, companyId: number, key: string, value: unknown) {
  await db
    .update(companies)
    .set({
      metadata: sql`${companies.metadata} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
    })
    .where(eq(companies.id, companyId));
}

export async function setDefaultStatus(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
  statusId: number | null,
) {
  const id = await companyScope(deps.db, caller, companyId);
  if (statusId !== null && !(await finalizingStatuses(deps.db, id)).some((s) => s.id === statusId))
    throw badRequest(COMPANY_AUTOMATION_MSG.statusNotFinalization);
  await setMetadataKey(deps.db, id, 'default_status', statusId);
  await noticeCompanyUpdated(deps.db, id, ['default_status']);
  return {
    message: COMPANY_AUTOMATION_MSG.defaultStatusSaved,
    ...(await getCompanyAutomation(deps, caller, id)),
  };
}

export async function setAutomaticAttendance(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
  value: TAutomaticAttendance,
) {
  const id = await companyScope(deps.db, caller, companyId);
  await setMetadataKey(deps.db, id, 'automatic_attendance', value);
  await noticeCompanyUpdated(deps.db, id, ['automatic_attendance']);
  return { message: COMPANY_AUTOMATION_MSG.saved, ...(await getCompanyAutomation(deps, caller, id)) };
}
