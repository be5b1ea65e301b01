import {
  brMonthToIso,
  type TInvoice,
  type TInvoiceListQuery,
  type TInvoicePage,
} from '@prosa/shared/billing';
import { BILLING_PAGE_SIZE, type TInvoiceStatus } from '@prosa/shared/billing-texts';
import { isoToBrDate } from '@prosa/shared/dates';
import type { AppDeps, Caller } from '../../platform/deps';
import { billingReader } from './billing-access';
import { pageInvoices, type TInvoiceRow } from './repository';

const STATUSES: TInvoiceStatus[] = ['open', 'paid', 'canceled'];

export function toInvoice(row: TInvoiceRow): TInvoice {
  const base = `/api/billing/invoices/${row.id}`;
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    month: row.month,
    amount_cents: row.amountCents,
    status: STATUSES.includes(row.status as TInvoiceStatus) ? (row.status as TInvoiceStatus) : 'open',
    due_date: isoToBrDate(row.dueDate),
    invoice_url: `${base}/download-invoice`,
    receipt_url: row.receiptKey ? `${base}/get-receipt?kind=receipt` : null,
    billet_url: row.billetKey ? `${base}/get-receipt?kind=billet` : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /billing/invoices (spec 3 §7 get-invoices): billing months in [startDate, endDate], 10 per page. */
export async function listInvoices(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  query: TInvoiceListQuery,
): Promise<TInvoicePage> {
  const reader = await billingReader(deps.db, caller);
  const { rows, total } = await pageInvoices(
    deps.db,
    {
      companyId: reader.companyId,
      from: query.startDate ? (brMonthToIso(query.startDate) ?? undefined) : undefined,
      to: query.endDate ? (brMonthToIso(query.endDate) ?? undefined) : undefined,
    },
    { limit: BILLING_PAGE_SIZE, offset: (query.page - 1) * BILLING_PAGE_SIZE },
  );
  return {
    success: true,
    result: rows.map(toInvoice),
    total,
    page: query.page,
    per_page: BILLING_PAGE_SIZE,
    owner: reader.owner,
  };
}
