import type { TCrmLead } from '@prosa/shared/crm';
import { DEFAULT_CRM_BOARD, DEFAULT_CRM_COLUMNS, type TCrmOutcome } from '@prosa/shared/crm-texts';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { crmBoards, crmColumns, crmLeads } from '../../db/schema/crm';
import { users } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export type LeadRow = typeof crmLeads.$inferSelect;

/** The company's board, created with its default columns on first use (one per company, under a row lock). */
export async function ensureBoard(db: Db, companyId: number) {
  const found = await firstBoard(db, companyId);
  if (found) return found;
  return db.transaction(async (tx) => {
    // Two first calls at once create one board: the company row lock serialises them.
    await tx.execute(sql`select id from companies where id = ${companyId} for update`);
    const again = await firstBoard(tx, companyId);
    if (again) return again;
    const [board] = await tx
      .insert(crmBoards)
      .values({ companyId, name: DEFAULT_CRM_BOARD })
      .returning({ id: crmBoards.id, name: crmBoards.name });
    if (!board) throw new Error('quadro não criado');
    await tx
      .insert(crmColumns)
      .values(DEFAULT_CRM_COLUMNS.map((c, position) => ({ companyId, boardId: board.id, position, ...c })));
    return board;
  });
}

async function firstBoard(db: Db | Tx, companyId: number) {
  const [board] = await db
    .select({ id: crmBoards.id, name: crmBoards.name })
    .from(crmBoards)
    .where(ofCompany(crmBoards, companyId, isNull(crmBoards.archivedAt)))
    .orderBy(asc(crmBoards.position), asc(crmBoards.id))
    .limit(1);
  return board;
}

export async function boardColumns(db: Db | Tx, companyId: number, boardId: number) {
  const rows = await db
    .select()
    .from(crmColumns)
    .where(ofCompany(crmColumns, companyId, eq(crmColumns.boardId, boardId)))
    .orderBy(asc(crmColumns.position), asc(crmColumns.id));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    color: c.color,
    outcome: c.outcome as TCrmOutcome,
    position: c.position,
  }));
}

/** Users who may own an opportunity: the company's active users. */
export async function companyOwners(db: Db | Tx, companyId: number) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(ofCompany(users, companyId, isNull(users.inactiveSince)))
    .orderBy(asc(users.name));
}

export async function findOwner(db: Db | Tx, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(ofCompany(users, companyId, eq(users.id, userId), isNull(users.inactiveSince)));
  return row;
}

export async function findLead(db: Db | Tx, companyId: number, leadId: number) {
  const [row] = await db
    .select()
    .from(crmLeads)
    .where(ofCompany(crmLeads, companyId, eq(crmLeads.id, leadId)));
  return row;
}

const leadColumns = {
  lead: crmLeads,
  ownerName: users.name,
  columnName: crmColumns.name,
};

function leadQuery(db: Db | Tx, companyId: number, where: SQL | undefined) {
  return db
    .select(leadColumns)
    .from(crmLeads)
    .leftJoin(users, and(eq(users.companyId, crmLeads.companyId), eq(users.id, crmLeads.ownerId)))
    .leftJoin(
      crmColumns,
      and(eq(crmColumns.companyId, crmLeads.companyId), eq(crmColumns.id, crmLeads.columnId)),
    )
    .where(ofCompany(crmLeads, companyId, where))
    .$dynamic();
}

type ViewRow = { lead: LeadRow; ownerName: string | null; columnName: string | null };

export function toLeadView({ lead, ownerName, columnName }: ViewRow): TCrmLead {
  return {
    id: lead.id,
    board_id: lead.boardId,
    column_id: lead.columnId,
    column_name: columnName ?? '',
    title: lead.title,
    product: lead.product,
    value_cents: lead.valueCents,
    description: lead.description,
    owner_id: lead.ownerId,
    owner_name: lead.ownerId === null ? null : (ownerName ?? null),
    contact_id: lead.contactId,
    attendance_id: lead.attendanceId,
    contact_name: lead.contactName,
    phone: lead.phone,
    email: lead.email,
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
    closed_at: lead.closedAt?.toISOString() ?? null,
  };
}

export async function findLeadView(db: Db | Tx, companyId: number, leadId: number) {
  const [row] = await leadQuery(db, companyId, eq(crmLeads.id, leadId));
  return row ? toLeadView(row) : undefined;
}

export async function listLeadViews(
  db: Db,
  companyId: number,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const rows = await leadQuery(db, companyId, where)
    .orderBy(desc(crmLeads.createdAt), desc(crmLeads.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crmLeads)
    .where(ofCompany(crmLeads, companyId, where));
  return { items: rows.map(toLeadView), total: count?.n ?? 0 };
}

export async function findColumn(db: Db | Tx, companyId: number, boardId: number, columnId: number) {
  const [row] = await db
    .select()
    .from(crmColumns)
    .where(ofCompany(crmColumns, companyId, eq(crmColumns.boardId, boardId), eq(crmColumns.id, columnId)));
  return row;
}

/** Reaching a won or lost column closes the opportunity; back to an open column reopens it. */
export function closedAtFor(outcome: string, current: Date | null, now: Date): Date | null {
  if (outcome === 'open') return null;
  return current ?? now;
}
