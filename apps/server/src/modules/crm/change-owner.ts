import { CRM_MSG } from '@prosa/shared/crm-texts';
import { eq } from 'drizzle-orm';
import { crmLeads } from '../../db/schema/crm';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { requireCrm } from './crm-access';
import { findLead, findLeadView, findOwner } from './repository';

/** Spec 1 §7 change owner / remove owner: the user responsible for the opportunity (null removes it). */
export async function setLeadOwner(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { leadId: number; ownerId: number | null },
) {
  await requireCrm(deps.db, caller, 'edit');
  const lead = await findLead(deps.db, caller.companyId, input.leadId);
  if (!lead) throw notFound(CRM_MSG.notFound);
  if (input.ownerId !== null && !(await findOwner(deps.db, caller.companyId, input.ownerId)))
    throw badRequest(CRM_MSG.editError);
  await deps.db
    .update(crmLeads)
    .set({ ownerId: input.ownerId, updatedAt: new Date() })
    .where(ofCompany(crmLeads, caller.companyId, eq(crmLeads.id, lead.id)));
  const view = await findLeadView(deps.db, caller.companyId, lead.id);
  if (!view) throw notFound(CRM_MSG.notFound);
  return { message: input.ownerId === null ? CRM_MSG.ownerRemoved : CRM_MSG.ownerChanged, lead: view };
}
