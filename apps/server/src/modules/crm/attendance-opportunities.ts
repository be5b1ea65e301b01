import type { TAttendanceOpportunity } from '@prosa/shared/crm';
import { CRM_MSG, LINK_STATE } from '@prosa/shared/crm-texts';
import { and, eq } from 'drizzle-orm';
import { crmLeads } from '../../db/schema/crm';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { loadForAction } from '../attendance/load-for-action';
import { contactCard } from './contact-card';
import { requireCrm } from './crm-access';
import { ensureBoard, findLead, findLeadView, listLeadViews } from './repository';

function linkState(attendanceId: number | null, current: number): 0 | 1 | 2 {
  if (attendanceId === null) return LINK_STATE.none;
  return attendanceId === current ? LINK_STATE.thisAttendance : LINK_STATE.otherAttendance;
}

/**
 * Spec 1 §7 attendance opportunity: the opportunities of the attendance's contact, each with its link state
 * (0 not linked, 1 this attendance, 2 another attendance), for an attendance the caller can see.
 */
export async function attendanceOpportunities(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  attendanceId: number,
) {
  await requireCrm(deps.db, caller, 'view');
  const { attendance } = await loadForAction(deps, caller, attendanceId, { allowClosed: true });
  const board = await ensureBoard(deps.db, caller.companyId);
  const { items } = await listLeadViews(
    deps.db,
    caller.companyId,
    and(eq(crmLeads.boardId, board.id), eq(crmLeads.contactId, attendance.contactId)),
    { limit: 200, offset: 0 },
  );
  const contact = await contactCard(deps.db, caller.companyId, attendance.contactId);
  return {
    attendance_id: attendance.id,
    contact_id: attendance.contactId,
    contact_name: contact?.name ?? attendance.name,
    items: items.map(
      (l): TAttendanceOpportunity => ({ ...l, link_state: linkState(l.attendance_id, attendance.id) }),
    ),
  };
}

/**
 * Links an opportunity to the attendance: one of its contact's, or one without a contact (which then becomes the
 * contact's). One of another contact: 'Erro ao vincular oportunidade'.
 */
export async function linkOpportunity(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { attendanceId: number; leadId: number },
) {
  await requireCrm(deps.db, caller, 'edit');
  const { attendance } = await loadForAction(deps, caller, input.attendanceId, { allowClosed: true });
  const lead = await findLead(deps.db, caller.companyId, input.leadId);
  if (!lead) throw notFound(CRM_MSG.notFound);
  if (lead.contactId !== null && lead.contactId !== attendance.contactId) throw badRequest(CRM_MSG.linkError);
  const contact =
    lead.contactId === null ? await contactCard(deps.db, caller.companyId, attendance.contactId) : undefined;
  await deps.db
    .update(crmLeads)
    .set({
      attendanceId: attendance.id,
      contactId: attendance.contactId,
      ...(contact
        ? {
            contactName: lead.contactName || contact.name,
            phone: lead.phone || contact.phone,
            email: lead.email || contact.email,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(ofCompany(crmLeads, caller.companyId, eq(crmLeads.id, lead.id)));
  const view = await findLeadView(deps.db, caller.companyId, lead.id);
  if (!view) throw notFound(CRM_MSG.notFound);
  return { message: CRM_MSG.linked, lead: view };
}

/** Unlinks an opportunity from the attendance; one not linked to it: 'Erro ao desvincular oportunidade'. */
export async function unlinkOpportunity(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { attendanceId: number; leadId: number },
) {
  await requireCrm(deps.db, caller, 'edit');
  const { attendance } = await loadForAction(deps, caller, input.attendanceId, { allowClosed: true });
  const lead = await findLead(deps.db, caller.companyId, input.leadId);
  if (!lead) throw notFound(CRM_MSG.notFound);
  const [row] = await deps.db
    .update(crmLeads)
    .set({ attendanceId: null, updatedAt: new Date() })
    .where(
      ofCompany(
        crmLeads,
        caller.companyId,
        eq(crmLeads.id, lead.id),
        eq(crmLeads.attendanceId, attendance.id),
      ),
    )
    .returning({ id: crmLeads.id });
  if (!row) throw badRequest(CRM_MSG.unlinkError);
  const view = await findLeadView(deps.db, caller.companyId, lead.id);
  if (!view) throw notFound(CRM_MSG.notFound);
  return { message: CRM_MSG.unlinked, lead: view };
}
