import type { TCrmLeadPatch } from '@prosa/shared/crm';
import { CRM_MSG } from '@prosa/shared/crm-texts';
import { eq } from 'drizzle-orm';
import { crmLeads } from '../../db/schema/crm';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { requireCrm } from './crm-access';
import { closedAtFor, findColumn, findLead, findLeadView } from './repository';

/** Edits an opportunity (spec 1 §7 edit); a new column_id moves it (Mover para), closing it on won or lost. */
export async function updateLead(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { leadId: number; patch: TCrmLeadPatch },
) {
  await requireCrm(deps.db, caller, 'edit');
  const lead = await findLead(deps.db, caller.companyId, input.leadId);
  if (!lead) throw notFound(CRM_MSG.notFound);
  const { patch } = input;
  let closedAt = lead.closedAt;
  if (patch.column_id !== undefined && patch.column_id !== lead.columnId) {
    const column = await findColumn(deps.db, caller.companyId, lead.boardId, patch.column_id);
    if (!column) throw badRequest(CRM_MSG.editError);
    closedAt = closedAtFor(column.outcome, lead.closedAt, new Date());
  }
  await deps.db
    .update(crmLeads)
    .set({
      title: patch.title,
      product: patch.product,
      valueCents: patch.value_cents,
      description: patch.description,
      columnId: patch.column_id,
      contactName: patch.contact_name,
      phone: patch.phone,
      email: patch.email,
      closedAt,
      updatedAt: new Date(),
    })
    .where(ofCompany(crmLeads, caller.companyId, eq(crmLeads.id, lead.id)));
  const view = await findLeadView(deps.db, caller.companyId, lead.id);
  if (!view) throw notFound(CRM_MSG.notFound);
  return { message: CRM_MSG.edited, lead: view };
}
