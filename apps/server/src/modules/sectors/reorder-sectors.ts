import { ADMIN_MSG } from '@prosa/shared/messages';
import { ORG_MSG } from '@prosa/shared/org-admin';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { requirePermission } from '../permissions/require-permission';
import { listSectors, listSectorsWithCounts, setSectorPositions } from './repository';

/**
 * New order of the sectors (spec 2 §5): writing sectors is not enough, the order is a general setting
 * ("Você precisa de acesso a configurações gerais para alterar a ordem."). Every sector exactly once.
 */
export async function reorderSectors(
  deps: Pick<AppDeps, 'db'>,
  target: { caller: Caller; companyId: number },
  ids: number[],
) {
  const { caller, companyId } = target;
  await requirePermission(deps.db, caller, 'setores_de_atendimento', 'write', ADMIN_MSG.noWritePermission);
  await requirePermission(
    deps.db,
    caller,
    'configuracoes_gerais',
    'read',
    ADMIN_MSG.sectorOrderNeedsSettings,
  );
  const current = (await listSectors(deps.db, companyId)).map((s) => s.id);
  const unique = new Set(ids);
  if (unique.size !== ids.length || ids.length !== current.length || current.some((id) => !unique.has(id)))
    throw badRequest(ORG_MSG.orderInvalid);
  await deps.db.transaction((tx) => setSectorPositions(tx, companyId, ids));
  return { message: ORG_MSG.orderSaved, sectors: await listSectorsWithCounts(deps.db, companyId) };
}
