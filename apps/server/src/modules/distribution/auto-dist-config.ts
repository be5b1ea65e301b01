import {
  busyTimeMissing,
  DIST_MSG,
  type TAutoDistConfig,
  type TAutoDistInput,
} from '@prosa/shared/distribution';
import { ERROR_CODE } from '@prosa/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { autoDistConfigs } from '../../db/schema/distribution';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';

type Row = typeof autoDistConfigs.$inferSelect;

const toConfig = (r: Row | undefined, companyId: number): TAutoDistConfig => ({
  id: companyId,
  company_id: companyId,
  enabled: r?.enabled ?? false,
  chat_per_user: r?.chatPerUser ?? 0,
  allow_if_answered: r?.allowIfAnswered ?? true,
  // Off until saved: it needs the busy-client time, which a new company has not set.
  allow_if_client_not_respond: r?.allowIfClientNotRespond ?? false,
  last_cycle_at: r?.lastCycleAt?.toISOString() ?? null,
  last_cycle_assigned: r?.lastCycleAssigned ?? 0,
});

export async function getAutoDistConfig(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const [row] = await deps.db
    .select()
    .from(autoDistConfigs)
    .where(eq(autoDistConfigs.companyId, caller.companyId));
  return toConfig(row, caller.companyId);
}

/**
 * Saves the distribution settings. Turning it on forces triage MANAGER (operators see only their own cards)
 * through the company metadata auto_dist.on, and runs a cycle right away.
 */
export async function saveAutoDistConfig(deps: Pick<AppDeps, 'db'>, caller: Caller, input: TAutoDistInput) {
  const company = await findCompany(deps.db, caller.companyId);
  if (!company) throw notFound();
  const meta = company.metadata as {
    attendances?: { time_waiting_client_to_busy_client?: number };
    auto_dist?: Record<string, unknown>;
  };
  if (busyTimeMissing(input, meta.attendances?.time_waiting_client_to_busy_client)) {
    throw new AppError(ERROR_CODE.validation, DIST_MSG.busyTimeRequired, 400, {
      field: 'allow_if_client_not_respond',
    });
  }
  const values = {
    enabled: input.enabled,
    chatPerUser: input.chat_per_user,
    allowIfAnswered: input.allow_if_answered,
    allowIfClientNotRespond: input.allow_if_client_not_respond,
    nextCycleAt: sql`now()`,
    updatedAt: new Date(),
  };
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(autoDistConfigs)
      .values({ companyId: caller.companyId, ...values })
      .onConflictDoUpdate({ target: autoDistConfigs.companyId, set: values })
      .returning();
    await tx
      .update(companies)
      .set({ metadata: { ...company.metadata, auto_dist: { ...(meta.auto_dist ?? {}), on: input.enabled } } })
      .where(eq(companies.id, caller.companyId));
    return saved;
  });
  await noticeCompanyUpdated(deps.db, caller.companyId, ['auto_dist']);
  return { message: DIST_MSG.saved, config: toConfig(row, caller.companyId) };
}
