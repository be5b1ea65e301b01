import type { TIssueInvoicesInput } from '@prosa/shared/billing';
import { BILLING_MSG } from '@prosa/shared/billing-texts';
import type { TContractCost } from '@prosa/shared/contract-cost';
import { DEFAULT_TIMEZONE } from '@prosa/shared/dates';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { currentMonth } from '../contracts/calendar';
import { assertOwner } from './billing-access';
import { renderInvoicePdf } from './invoice-pdf';
import { monthCost } from './month-cost';
import {
  companiesMissingInvoice,
  contractedCompanies,
  findInvoice,
  insertInvoice,
  setInvoiceFile,
  type TInvoiceRow,
} from './repository';

type Deps = Pick<AppDeps, 'db' | 'storage'>;
type TCompany = { id: number; name: string; timezone: string };

/** 'YYYY-MM' one month before (or after, with +1) `month`. */
export function shiftMonth(month: string, by: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export const previousMonth = (timezone: string, now = new Date()) =>
  shiftMonth(currentMonth(timezone, now), -1);

/** Contracts carry no due-day rule of their own: invoices fall due on day 10 of the month after the billed one. */
export const dueDateOf = (month: string) => `${shiftMonth(month, 1)}-10`;

const pdfKeyOf = (companyId: number, id: number, month: string) =>
  `billing/${companyId}/fatura-${month}-${id}.pdf`;

/** What was billed, as stored in details; an invoice written by hand without them shows its total alone. */
function billedCost(invoice: TInvoiceRow): TContractCost {
  const d = invoice.details as Partial<TContractCost>;
  if (Array.isArray(d.users) && Array.isArray(d.numbers) && typeof d.total === 'number')
    return d as TContractCost;
  const total = invoice.amountCents / 100;
  return {
    month: invoice.month,
    days_in_month: 0,
    users: [],
    numbers: [],
    billed_users: 0,
    users_total: total,
    numbers_total: 0,
    total,
  };
}

/** Renders the invoice's PDF from what was billed (its details) and keeps it in storage. */
export async function storeInvoicePdf(
  deps: Deps,
  invoice: TInvoiceRow,
): Promise<{ key: string; pdf: Buffer }> {
  const pdf = await renderInvoicePdf({
    companyName: invoice.companyName,
    month: invoice.month,
    dueDate: invoice.dueDate ?? dueDateOf(invoice.month),
    issuedOn: invoice.createdAt.toISOString().slice(0, 10),
    cost: billedCost(invoice),
  });
  const key = pdfKeyOf(invoice.companyId, invoice.id, invoice.month);
  await deps.storage.put(key, pdf, 'application/pdf');
  await setInvoiceFile(deps.db, invoice.companyId, invoice.id, 'pdfKey', key);
  return { key, pdf };
}

/**
 * One company's invoice of a closed month, from its contract's cost in that month. An invoice already issued
 * is left as it is (unique company + month), so re-runs and concurrent workers change nothing. A month without
 * any billed day (contract not started, or ended) gets no invoice.
 */
async function issueOne(
  deps: Deps,
  company: TCompany,
  month: string,
  now: Date,
): Promise<'issued' | 'existing' | 'none'> {
  if (month >= currentMonth(company.timezone, now)) return 'none';
  const cost = await monthCost(deps.db, company, month);
  if (!cost) return 'none';
  const used = cost.billed_users > 0 || cost.numbers.some((n) => n.days_used > 0);
  if (!used) return 'none';
  const id = await insertInvoice(deps.db, {
    companyId: company.id,
    month,
    amountCents: Math.round(cost.total * 100),
    details: cost as unknown as Record<string, unknown>,
    dueDate: dueDateOf(month),
  });
  if (id === null) return 'existing';
  const invoice = await findInvoice(deps.db, company.id, id);
  // The PDF is rendered after the row exists; a failure here leaves pdf_key empty and the download renders it.
  if (invoice) await storeInvoicePdf(deps, invoice).catch(() => undefined);
  return 'issued';
}

/** Job 'billing.issue-invoices': the month's invoices of every company with a contract, or of one. */
export async function issueInvoices(
  deps: Deps,
  input: { companyId: number | null; month: string; now?: Date },
): Promise<{ issued: number; existing: number }> {
  const now = input.now ?? new Date();
  let issued = 0;
  let existing = 0;
  for (const company of await contractedCompanies(deps.db, input.companyId)) {
    const result = await issueOne(deps, company, input.month, now);
    if (result === 'issued') issued += 1;
    if (result === 'existing') existing += 1;
  }
  return { issued, existing };
}

/** The recurring task: each company's previous month (on its own clock), for those not issued yet. */
export async function issuePreviousMonth(deps: Deps, now = new Date()): Promise<number> {
  let issued = 0;
  for (const { company, month } of await companiesMissingInvoice(deps.db, (tz) => previousMonth(tz, now))) {
    if ((await issueOne(deps, company, month, now)) === 'issued') issued += 1;
  }
  return issued;
}

/**
 * POST /billing/issue (the owner's "Gerar faturas do mês"): a closed month's invoices at once, for every company
 * with a contract; the ones already issued stay as they are.
 */
export async function issueInvoicesByOwner(deps: Deps, caller: Caller, input: TIssueInvoicesInput) {
  assertOwner(caller);
  if (input.month >= currentMonth(DEFAULT_TIMEZONE)) throw badRequest(BILLING_MSG.monthNotClosed);
  const result = await issueInvoices(deps, { companyId: null, month: input.month });
  return { message: BILLING_MSG.issued, ...result };
}
