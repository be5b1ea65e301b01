import { PAUSE_MSG, type TControlPause } from '@prosa/shared/pause';
import { and, count, eq, isNull } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { pauseReasons } from '../../db/schema/distribution';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { Db } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';

export const DEFAULT_CONTROL_PAUSE: TControlPause = {
  is_active: false,
  use_reason: false,
  use_password: false,
  use_limit_pause: { enabled: false, limit_minutes: null },
};

export function controlPauseOf(metadata: Record<string, unknown>): TControlPause {
  const cp = (metadata.control_pause ?? {}) as Partial<TControlPause>;
  return {
    is_active: cp.is_active === true,
    use_reason: cp.use_reason === true,
    use_password: cp.use_password === true,
    use_limit_pause: {
      enabled: cp.use_limit_pause?.enabled === true,
      limit_minutes:
        typeof cp.use_limit_pause?.limit_minutes === 'number' ? cp.use_limit_pause.limit_minutes : null,
    },
  };
}

export async function getControlPause(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const company = await findCompany(deps.db, caller.companyId);
  if (!company) throw notFound();
  return controlPauseOf(company.metadata);
}

async function activeReasons(db: Db, companyId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(pauseReasons)
    .where(and(eq(pauseReasons.companyId, companyId), isNull(pauseReasons.deletedAt)));
  return row?.n ?? 0;
}

/** Settings tab 1 "Pausa" (spec 1 §5): saved in the company metadata control_pause. */
export async function saveControlPause(deps: Pick<AppDeps, 'db'>, caller: Caller, input: TControlPause) {
  const company = await findCompany(deps.db, caller.companyId);
  if (!company) throw notFound();
  if (input.use_reason && (await activeReasons(deps.db, caller.companyId)) === 0)
    throw badRequest(PAUSE_MSG.keepOneReason);
  const controlPause: TControlPause = {
    ...input,
    use_limit_pause: {
      enabled: input.use_limit_pause.enabled,
      limit_minutes: input.use_limit_pause.enabled ? input.use_limit_pause.limit_minutes : null,
    },
  };
  await deps.db
    .update(companies)
    .set({ metadata: { ...company.metadata, control_pause: controlPause } })
    .where(eq(companies.id, caller.companyId));
  await noticeCompanyUpdated(deps.db, caller.companyId, ['control_pause']);
  return { message: PAUSE_MSG.saved, control_pause: controlPause };
}

export { activeReasons };
