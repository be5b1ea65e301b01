import type { Readable } from 'node:stream';
import { BILLING_FILE_MAX_BYTES, BILLING_MSG, type TInvoiceFileKind } from '@prosa/shared/billing-texts';
import { ERROR_CODE } from '@prosa/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { detectImageType } from '../../platform/image-type';
import { assertOwner, billingReader } from './billing-access';
import { storeInvoicePdf } from './issue-invoices';
import { toInvoice } from './list-invoices';
import { findInvoice, setInvoiceFile } from './repository';

type Deps = Pick<AppDeps, 'db' | 'storage'>;
type TFile = { body: Readable | Buffer; length: number; contentType: string; fileName: string };

/** GET /billing/invoices/{id}/download-invoice: the invoice PDF, named fatura-YYYY-MM.pdf. */
export async function downloadInvoice(deps: Deps, caller: Caller, id: number): Promise<TFile> {
  const reader = await billingReader(deps.db, caller);
  const invoice = await findInvoice(deps.db, reader.companyId, id);
  if (!invoice) throw notFound(BILLING_MSG.downloadError);
  const fileName = `fatura-${invoice.month}.pdf`;
  const stored = invoice.pdfKey ? await deps.storage.get(invoice.pdfKey) : null;
  if (stored) return { body: stored.body, length: stored.length, contentType: 'application/pdf', fileName };
  // Issued but its PDF never reached storage (a failure after the row was written): rendered from what was billed.
  const { pdf } = await storeInvoicePdf(deps, invoice);
  return { body: pdf, length: pdf.length, contentType: 'application/pdf', fileName };
}

const keyColumn = (kind: TInvoiceFileKind) => (kind === 'receipt' ? 'receiptKey' : 'billetKey');

/** GET /billing/invoices/{id}/get-receipt?kind=receipt|billet: the uploaded nota fiscal or boleto. */
export async function invoiceAttachment(
  deps: Deps,
  caller: Caller,
  id: number,
  kind: TInvoiceFileKind,
): Promise<TFile> {
  const reader = await billingReader(deps.db, caller);
  const invoice = await findInvoice(deps.db, reader.companyId, id);
  const key = invoice?.[keyColumn(kind)];
  const stored = key ? await deps.storage.get(key) : null;
  if (!invoice || !key || !stored) throw notFound(BILLING_MSG.receiptError);
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const name = kind === 'receipt' ? 'nota-fiscal' : 'boleto';
  return {
    body: stored.body,
    length: stored.length,
    contentType: stored.contentType,
    fileName: `${name}-${invoice.month}.${ext}`,
  };
}

const tooLarge = () => new AppError(ERROR_CODE.validation, BILLING_MSG.fileTooLarge, 413);

/** The multipart body's single file. */
export async function readInvoiceUpload(request: FastifyRequest): Promise<Buffer> {
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: BILLING_FILE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') continue;
      data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw badRequest(BILLING_MSG.fileInvalid);
      });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(BILLING_MSG.fileInvalid);
  }
  if (!data || data.length === 0) throw badRequest(BILLING_MSG.fileInvalid);
  return data;
}

/** PDF, JPG or PNG, judged by content. */
function fileType(data: Buffer): { mime: string; ext: string } | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  const image = detectImageType(data.subarray(0, 16));
  return image && (image.ext === 'png' || image.ext === 'jpg') ? image : null;
}

/** POST /billing/invoices/{id}/receipt|billet (owner only): replaces the nota fiscal or boleto of an invoice. */
export async function uploadInvoiceFile(
  deps: Deps,
  caller: Caller,
  input: { id: number; kind: TInvoiceFileKind; data: Buffer },
) {
  assertOwner(caller);
  const invoice = await findInvoice(deps.db, null, input.id);
  if (!invoice) throw notFound();
  if (input.data.length > BILLING_FILE_MAX_BYTES) throw tooLarge();
  const type = fileType(input.data);
  if (!type) throw badRequest(BILLING_MSG.fileInvalid);
  const previous = invoice[keyColumn(input.kind)];
  const key = `billing/${invoice.companyId}/${input.kind}-${invoice.id}-${Date.now()}.${type.ext}`;
  await deps.storage.put(key, input.data, type.mime);
  await setInvoiceFile(deps.db, invoice.companyId, invoice.id, keyColumn(input.kind), key);
  if (previous) await deps.storage.delete(previous).catch(() => undefined);
  const updated = await findInvoice(deps.db, null, input.id);
  return {
    message: input.kind === 'receipt' ? BILLING_MSG.receiptSaved : BILLING_MSG.billetSaved,
    invoice: toInvoice(updated ?? invoice),
  };
}
