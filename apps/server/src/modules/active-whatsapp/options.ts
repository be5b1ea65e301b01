import type { TActiveWhatsappOptions } from '@prosa/shared/hsm';
import { ROLE } from '@prosa/shared/roles';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { userSectors, users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadViewer } from '../attendance/viewer';
import { toHsm } from '../hsm/present';
import { companiesOf, listVisibleTemplates } from '../hsm/repository';
import { listSectors } from '../sectors/repository';
import { listChannels } from '../waent/repository';
import { listNumbers } from '../waweb/repository';
import { callerMaySendActive, companyAllowsActive } from './permission';
import { totalActiveToday } from './total-today';

/** What the active WhatsApp modal offers the caller (spec 1 §2 Active WhatsApp modal). */
export async function activeWhatsappOptions(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  caller: Caller,
): Promise<TActiveWhatsappOptions> {
  const [flag, permitted, channels, webNumbers, viewer, allSectors, templates, total] = await Promise.all([
    companyAllowsActive(deps.db, caller.companyId),
    callerMaySendActive(deps.db, caller),
    listChannels(deps.db, caller.companyId),
    listNumbers(deps.db, caller.companyId),
    loadViewer(deps.db, caller),
    listSectors(deps.db, caller.companyId),
    listVisibleTemplates(deps.db, caller.companyId),
    totalActiveToday(deps.db, caller.companyId),
  ]);
  const sectors = allSectors.filter((s) => viewer.sectorIds.includes(s.id));
  const sectorIds = sectors.map((s) => s.id);
  // Operators answer what they start; managers and admins may hand it to someone of the sector.
  const members =
    caller.role < ROLE.manager || sectorIds.length === 0
      ? []
      : await deps.db
          .select({ id: users.id, name: users.displayName, sectorId: userSectors.sectorId })
          .from(users)
          .innerJoin(
            userSectors,
            and(eq(userSectors.companyId, users.companyId), eq(userSectors.userId, users.id)),
          )
          .where(
            and(
              eq(users.companyId, caller.companyId),
              isNull(users.inactiveSince),
              lte(users.role, caller.role),
              inArray(userSectors.sectorId, sectorIds),
            ),
          )
          .orderBy(asc(users.displayName));
  const operators = new Map<number, { id: number; name: string; sector_ids: number[] }>();
  operators.set(caller.userId, { id: caller.userId, name: caller.displayName, sector_ids: sectorIds });
  for (const m of members) {
    const o = operators.get(m.id) ?? { id: m.id, name: m.name, sector_ids: [] };
    if (m.id !== caller.userId) o.sector_ids.push(m.sectorId);
    operators.set(m.id, o);
  }
  const usable = templates.filter((t) => t.externalStatus === null || t.externalStatus === 'APPROVED');
  const lists = await companiesOf(
    deps.db,
    usable.map((t) => t.id),
  );
  return {
    allowed: flag && permitted,
    company_flag: flag,
    has_permission: permitted,
    channels: [
      ...channels
        .filter((c) => c.isActive)
        .map((c) => ({ id: c.id, name: c.name, sector_id: c.defaultSectorId, kind: 'waent' as const })),
      ...webNumbers.map((n) => ({ id: n.id, name: n.name, sector_id: n.sectorId, kind: 'waweb' as const })),
    ],
    sectors: sectors.map((s) => ({ id: s.id, name: s.name })),
    operators: [...operators.values()],
    templates: usable.map((t) => toHsm(t, lists.get(t.id) ?? [], caller, deps.storage)),
    total_today: total,
  };
}
