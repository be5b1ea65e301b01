import { ADMIN_MSG } from '@prosa/shared/messages';
import { TRIAGE_MODES, TRIAGE_MSG, type TTriageMode, type TTriageOutput } from '@prosa/shared/triage';
import { effectiveTriage } from '@prosa/shared/visibility';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { requirePermission } from '../permissions/require-permission';
import { loadTriage, storeTriage } from './repository';

const isMode = (v: unknown): v is TTriageMode => TRIAGE_MODES.includes(v as TTriageMode);

/** The caller company's triage: the chosen mode, the one in force and why it is locked. */
export async function getTriage(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<TTriageOutput> {
  const row = await loadTriage(deps.db, caller.companyId);
  if (!row) throw notFound();
  const triage = isMode(row.triage) ? row.triage : 'BASIC';
  return {
    triage,
    effective: effectiveTriage(triage, row.autoDist),
    auto_dist: row.autoDist,
    locked_reason: row.autoDist ? TRIAGE_MSG.lockedByAutoDist : null,
  };
}

/** Chooses the triage mode; while automatic distribution is on only MANAGER may be chosen (spec 1 §4). */
export async function saveTriage(deps: Pick<AppDeps, 'db'>, caller: Caller, triage: TTriageMode) {
  await requirePermission(deps.db, caller, 'configuracoes_gerais', 'write', ADMIN_MSG.noWritePermission);
  const before = await getTriage(deps, caller);
  if (before.auto_dist && triage !== 'MANAGER') throw badRequest(TRIAGE_MSG.lockedByAutoDist);
  // Refused by the store only when distribution was turned on between the read and the write.
  if (!(await storeTriage(deps.db, caller.companyId, triage))) throw badRequest(TRIAGE_MSG.lockedByAutoDist);
  if (before.triage !== triage)
    await noticeCompanyUpdated(deps.db, caller.companyId, ['triage'], caller.userId);
  return { message: TRIAGE_MSG.saved, triage: await getTriage(deps, caller) };
}
