import type { TCrmLeadInput } from '@prosa/shared/crm';
import { CRM_MSG } from '@prosa/shared/crm-texts';
import { crmLeads } from '../../db/schema/crm';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { loadForAction } from '../attendance/load-for-action';
import { contactCard } from './contact-card';
import { requireCrm } from './crm-access';
import { boardColumns, closedAtFor, ensureBoard, findLeadView, findOwner } from './repository';

type Input = Omit<
  TCrmLeadInput,
  'product' | 'value_cents' | 'description' | 'contact_name' | 'phone' | 'email'
> & {
  product: string;
  value_cents: number;
  description: string;
  contact_name: string;
  phone: string;
  email: string;
};

/**
 * Creates an opportunity (spec 1 §7 create). From the chat (attendance_id) it takes the attendance's contact,
 * filling the name, phone and e-mail left blank, and is linked to that attendance. Owner: the one chosen, else
 * the caller; column: the one chosen, else the board's first.
 */
export async function createLead(deps: Pick<AppDeps, 'db'>, caller: Caller, input: Input) {
  await requireCrm(deps.db, caller, 'edit');
  const board = await ensureBoard(deps.db, caller.companyId);
  const columns = await boardColumns(deps.db, caller.companyId, board.id);
  const column = input.column_id === undefined ? columns[0] : columns.find((c) => c.id === input.column_id);
  if (!column) throw badRequest(CRM_MSG.saveError);
  const ownerId = input.owner_id === undefined ? caller.userId : input.owner_id;
  if (ownerId !== null && !(await findOwner(deps.db, caller.companyId, ownerId)))
    throw badRequest(CRM_MSG.saveError);
  let contact: Awaited<ReturnType<typeof contactCard>>;
  let attendanceId: number | null = null;
  if (input.attendance_id !== undefined) {
    const { attendance } = await loadForAction(deps, caller, input.attendance_id, { allowClosed: true });
    contact = await contactCard(deps.db, caller.companyId, attendance.contactId);
    attendanceId = attendance.id;
  }
  const now = new Date();
  const [row] = await deps.db
    .insert(crmLeads)
    .values({
      companyId: caller.companyId,
      boardId: board.id,
      columnId: column.id,
      title: input.title,
      product: input.product,
      valueCents: input.value_cents,
      description: input.description,
      ownerId,
      contactId: contact?.id ?? null,
      attendanceId,
      contactName: input.contact_name || contact?.name || '',
      phone: input.phone || contact?.phone || '',
      email: input.email || contact?.email || '',
      createdBy: caller.userId,
      closedAt: closedAtFor(column.outcome, null, now),
    })
    .returning({ id: crmLeads.id });
  const lead = row && (await findLeadView(deps.db, caller.companyId, row.id));
  if (!lead) throw notFound(CRM_MSG.notFound);
  return { message: CRM_MSG.saved, lead };
}
