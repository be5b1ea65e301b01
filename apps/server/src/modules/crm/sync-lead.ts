import { CRM_MSG } from '@prosa/shared/crm-texts';
import { eq } from 'drizzle-orm';
import { crmLeads } from '../../db/schema/crm';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { contactCard } from './contact-card';
import { requireCrm } from './crm-access';
import { findLead, findLeadView } from './repository';

/**
 * Spec 1 §7 sync data: the opportunity takes its contact's current name, phone and e-mail. Without a contact
 * (or one no longer there) there is nothing to sync: 'Erro ao sincronizar dados!'.
 */
export async function syncLead(deps: Pick<AppDeps, 'db'>, caller: Caller, leadId: number) {
  await requireCrm(deps.db, caller, 'edit');
  const lead = await findLead(deps.db, caller.companyId, leadId);
  if (!lead) throw notFound(CRM_MSG.notFound);
  const contact =
    lead.contactId === null ? undefined : await contactCard(deps.db, caller.companyId, lead.contactId);
  if (!contact) throw badRequest(CRM_MSG.syncError);
  await deps.db
    .update(crmLeads)
    .set({
      contactName: contact.name,
      // A contact's identity may be only a phone or only an e-mail: keep what the lead already knows of the other.
      phone: contact.phone || lead.phone,
      email: contact.email || lead.email,
      updatedAt: new Date(),
    })
    .where(ofCompany(crmLeads, caller.companyId, eq(crmLeads.id, lead.id)));
  const view = await findLeadView(deps.db, caller.companyId, lead.id);
  if (!view) throw notFound(CRM_MSG.notFound);
  return { message: CRM_MSG.synced, lead: view };
}
