import { CRM_MSG } from '@prosa/shared/crm-texts';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { requireCrm } from './crm-access';
import { findLeadView } from './repository';

/** One opportunity (the detail the chat opens in a new tab with leadId); 404 'Nenhuma oportunidade encontrada'. */
export async function getLead(deps: Pick<AppDeps, 'db'>, caller: Caller, leadId: number) {
  await requireCrm(deps.db, caller, 'view');
  const lead = await findLeadView(deps.db, caller.companyId, leadId);
  if (!lead) throw notFound(CRM_MSG.notFound);
  return lead;
}
