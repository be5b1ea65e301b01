import type { TCrmLeadQuery } from '@prosa/shared/crm';
import { CRM_PAGE_SIZE } from '@prosa/shared/crm-texts';
import { and, eq, gte, ilike, lt, or } from 'drizzle-orm';
import { crmLeads } from '../../db/schema/crm';
import type { AppDeps, Caller } from '../../platform/deps';
import { requireCrm } from './crm-access';
import { leadWindow } from './lead-filters';
import { ensureBoard, listLeadViews } from './repository';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The opportunities of the period (spec 1 §7 contact list with filters), newest first, paged. */
export async function listLeads(deps: Pick<AppDeps, 'db'>, caller: Caller, query: TCrmLeadQuery) {
  const { timezone } = await requireCrm(deps.db, caller, 'view');
  const window = leadWindow(query, timezone);
  const board = await ensureBoard(deps.db, caller.companyId);
  const pattern = window.search ? `%${escapeLike(window.search)}%` : null;
  const where = [
    eq(crmLeads.boardId, board.id),
    gte(crmLeads.createdAt, window.from),
    lt(crmLeads.createdAt, window.to),
    query.contact_id === undefined ? undefined : eq(crmLeads.contactId, query.contact_id),
    pattern
      ? or(
          ilike(crmLeads.title, pattern),
          ilike(crmLeads.product, pattern),
          ilike(crmLeads.contactName, pattern),
          ilike(crmLeads.phone, pattern),
          ilike(crmLeads.email, pattern),
        )
      : undefined,
  ];
  const { items, total } = await listLeadViews(deps.db, caller.companyId, and(...where), {
    limit: CRM_PAGE_SIZE,
    offset: (query.page - 1) * CRM_PAGE_SIZE,
  });
  return {
    items,
    total,
    page: query.page,
    page_size: CRM_PAGE_SIZE,
    start_at: window.startAt,
    end_at: window.endAt,
  };
}
