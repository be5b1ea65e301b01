import { ROLE } from '@prosa/shared/roles';
import { type TTriage, type TViewMode, viewMode } from '@prosa/shared/visibility';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';
import { listSectors, userSectorIds } from '../sectors/repository';

export type Viewer = Caller & { mode: TViewMode; sectorIds: number[] };

type CompanyMeta = { triage?: TTriage; auto_dist?: { on?: boolean } };

export function companyViewSettings(metadata: Record<string, unknown>) {
  const meta = metadata as CompanyMeta;
  return { triage: meta.triage, autoDist: meta.auto_dist?.on === true };
}

/** The caller as a viewer of attendances: view mode from role, triage and distribution; visible sectors. */
export async function loadViewer(db: Db, caller: Caller): Promise<Viewer> {
  const company = await findCompany(db, caller.companyId);
  if (!company) throw notFound();
  const { triage, autoDist } = companyViewSettings(company.metadata);
  const mode = viewMode({ role: caller.role, triage, autoDist });
  const sectorIds =
    caller.role >= ROLE.admin
      ? (await listSectors(db, caller.companyId)).map((s) => s.id)
      : await userSectorIds(db, caller.companyId, caller.userId);
  return { ...caller, mode, sectorIds };
}
