import { META_MSG, readCompanyMetadata, type TCompanyMetadata } from '@prosa/shared/company-metadata';
import { PLATFORM_ONLY_KEYS } from '@prosa/shared/feature-flags';
import { ADMIN_MSG } from '@prosa/shared/messages';
import { PAUSE_MSG } from '@prosa/shared/pause';
import { ROLE } from '@prosa/shared/roles';
import { TRIAGE_MSG } from '@prosa/shared/triage';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { requirePermission } from '../permissions/require-permission';
import { countActivePauseReasons, isClosingStatus, loadStoredMetadata, storeMetadata } from './repository';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Company metadata "save" (spec 3 §7) with the whole object, already checked by ZCompanyMetadata. Keys the
 * body does not name are kept, so a client that predates a key does not erase it; auto_dist.on is not taken
 * from here: it follows the distribution settings, which also keep their own table.
 */
export async function saveCompanyMetadata(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: TCompanyMetadata,
) {
  await requirePermission(deps.db, caller, 'configuracoes_gerais', 'write', ADMIN_MSG.noWritePermission);
  const companyId = caller.companyId;
  const stored = await loadStoredMetadata(deps.db, companyId);
  if (!stored) throw notFound();
  const before = readCompanyMetadata(stored);
  const next: TCompanyMetadata = {
    ...before,
    ...input,
    auto_dist: { ...input.auto_dist, on: before.auto_dist.on },
  };

  // Feature flags by type are the platform owner's (feature-flags module): the company's own save keeps them.
  if (caller.role < ROLE.lord) {
    for (const key of PLATFORM_ONLY_KEYS)
      (next.allow as Record<string, unknown>)[key] = (before.allow as Record<string, unknown>)[key];
  }
  // Automatic distribution forces triage MANAGER: another mode may not be chosen while it is on.
  if (before.auto_dist.on && next.triage !== before.triage && next.triage !== 'MANAGER')
    throw badRequest(TRIAGE_MSG.lockedByAutoDist);
  // The rules the schema cannot see, because they need the database (same texts as their own tabs).
  if (next.control_pause.use_reason && !before.control_pause.use_reason) {
    if ((await countActivePauseReasons(deps.db, companyId)) === 0) throw badRequest(PAUSE_MSG.keepOneReason);
  }
  if (next.blacklist.enabled && next.blacklist.status_id !== null) {
    if (!(await isClosingStatus(deps.db, companyId, next.blacklist.status_id)))
      throw badRequest(META_MSG.blacklistStatus);
  }

  await storeMetadata(deps.db, companyId, next);
  const changed = Object.keys(next).filter((key) => !same(before[key], next[key]));
  if (changed.length > 0) await noticeCompanyUpdated(deps.db, companyId, changed);
  return { message: META_MSG.saved, metadata: next };
}
