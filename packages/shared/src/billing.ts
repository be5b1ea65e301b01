// Billing (spec 3 §2, §3 Invoice, §5, §7 /billing): the invoices list, its filters, the owner's actions.
import { BILLING_MSG } from './billing-texts';
import { zIdParam, zPage } from './ids';
import { z } from './zod';

const MONTH_BR = /^(0[1-9]|1[0-2])\/\d{4}$/;

/** 'MM/YYYY' → 'YYYY-MM' (filters are typed as people read months). */
export function brMonthToIso(value: string): string | null {
  const v = value.trim();
  if (!MONTH_BR.test(v)) return null;
  return `${v.slice(3, 7)}-${v.slice(0, 2)}`;
}

const month = z
  .string()
  .max(20)
  .optional()
  .transform((v) => v?.trim() || undefined)
  .refine((v) => v === undefined || brMonthToIso(v) !== null, { error: BILLING_MSG.monthFormat });

/** GET /billing/invoices: billing months from startDate to endDate ('MM/YYYY'), 10 per page. */
export const ZInvoiceListQuery = z
  .object({ startDate: month, endDate: month, page: zPage() })
  .superRefine((v, ctx) => {
    // Spec 3 §5: an end without a start is refused with the spec's text.
    if (v.endDate && !v.startDate)
      ctx.addIssue({ code: 'custom', message: BILLING_MSG.startRequired, path: ['startDate'] });
    const from = v.startDate ? brMonthToIso(v.startDate) : null;
    const to = v.endDate ? brMonthToIso(v.endDate) : null;
    if (from && to && to < from)
      ctx.addIssue({ code: 'custom', message: BILLING_MSG.endBeforeStart, path: ['endDate'] });
  });
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

export const ZInvoice = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  /** Billing month 'YYYY-MM'. */
  month: z.string(),
  amount_cents: z.number(),
  status: z.enum(['open', 'paid', 'canceled']),
  /** 'DD/MM/YYYY'. */
  due_date: z.string().nullable(),
  invoice_url: z.string(),
  receipt_url: z.string().nullable(),
  billet_url: z.string().nullable(),
  created_at: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** The spec's reply shape (success, result) with the total for the pages. */
export const ZInvoicePage = z.object({
  success: z.literal(true),
  result: z.array(ZInvoice),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  /** The caller may issue invoices and upload receipts and billets (the installation's owner). */
  owner: z.boolean(),
});
export type TInvoicePage = z.infer<typeof ZInvoicePage>;

export const ZIssueInvoicesInput = z.object({
  month: z
    .string({ error: BILLING_MSG.issueMonthFormat })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: BILLING_MSG.issueMonthFormat }),
});
export type TIssueInvoicesInput = z.infer<typeof ZIssueInvoicesInput>;

export const ZIssueInvoicesOutput = z.object({
  message: z.string(),
  issued: z.number(),
  existing: z.number(),
});

export const ZInvoiceFileQuery = z.object({
  kind: z.enum(['receipt', 'billet'], { error: BILLING_MSG.receiptError }).default('receipt'),
});

export const ZInvoiceFileKindParams = z.object({ id: zIdParam(), kind: z.enum(['receipt', 'billet']) });
