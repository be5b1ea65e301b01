import { isValidCnpj, isValidCpf, onlyDigits } from '@prosa/shared/documents';
import {
  NEGOTIATOR_MSG,
  type TNegotiationDebt,
  type TNegotiationSlip,
  type TNegotiationSource,
  type TNegotiationStep,
  ZNegotiationDebt,
  ZNegotiationSlip,
  ZNegotiatorFields,
  ZNegotiatorSlip,
} from '@prosa/shared/negotiator';
import { and, eq } from 'drizzle-orm';
import { type NegotiationRow, negotiations } from '../../db/schema/negotiator';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { calendarDate } from '../contracts/calendar';
import { debtsOfRows, documentRows, findOption } from './negotiation-debts';
import type { NegotiationContext } from './negotiation-lookup';
import { issueSlip } from './slip/febraban';

export { debtsText, moneyBr, offersText } from './negotiation-debts';
export {
  type NegotiationContext,
  negotiationContext,
  negotiatorByHash,
  negotiatorForChannel,
} from './negotiation-lookup';

// The negotiation (issue 23), the same over a chat (command-processor.ts) and on the hotsite: a document (CPF or
// CNPJ) looked up in the negotiator's mailing, its debts and offers, then an option chosen (a payment slip) or
// declined. Every step updates the `negotiations` row and writes the fact `negotiation.step` in the caller's
// transaction. A finished negotiation changes no more.

/** Wrong or unknown documents allowed before the negotiation ends (the third one ends it). */
export const MAX_DOCUMENT_ATTEMPTS = 3;

async function stepFact(tx: Tx, n: NegotiationRow, step: TNegotiationStep): Promise<void> {
  await writeFacts(tx, [
    {
      companyId: n.companyId,
      name: 'negotiation.step',
      data: {
        negotiation_id: n.id,
        negotiator_id: n.negotiatorId,
        attendance_id: n.attendanceId ?? null,
        source: n.source as TNegotiationSource,
        step,
      },
    },
  ]);
}

async function update(
  tx: Tx,
  n: NegotiationRow,
  changes: Partial<typeof negotiations.$inferInsert>,
  now: Date,
): Promise<NegotiationRow> {
  const [row] = await tx
    .update(negotiations)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(negotiations.companyId, n.companyId), eq(negotiations.id, n.id)))
    .returning();
  return row ?? n;
}

/** The negotiation as it stands, locked for this transaction (two requests of one visitor wait in turn). */
async function lockNegotiation(tx: Tx, n: NegotiationRow): Promise<NegotiationRow> {
  const [row] = await tx
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.companyId, n.companyId), eq(negotiations.id, n.id)))
    .for('update');
  return row ?? n;
}

export async function startNegotiation(
  tx: Tx,
  ctx: NegotiationContext,
  input: {
    source: TNegotiationSource;
    attendanceId?: number | null;
    channelKind?: string | null;
    token?: string | null;
  },
): Promise<NegotiationRow> {
  const [row] = await tx
    .insert(negotiations)
    .values({
      companyId: ctx.negotiator.companyId,
      negotiatorId: ctx.negotiator.id,
      source: input.source,
      attendanceId: input.attendanceId ?? null,
      channelKind: input.channelKind ?? null,
      token: input.token ?? null,
      step: 'document',
      statusId: ctx.negotiator.statusValidateDocument,
      startedAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('negotiation: insert returned nothing');
  await stepFact(tx, row, 'started');
  return row;
}

export type DocumentResult =
  | { kind: 'invalid' | 'not_found' | 'exhausted'; negotiation: NegotiationRow }
  | { kind: 'found'; negotiation: NegotiationRow; debtorName: string; debts: TNegotiationDebt[] };

/** The debts a negotiation showed (as stored). */
export function storedDebts(n: NegotiationRow): TNegotiationDebt[] {
  const parsed = ZNegotiationDebt.array().safeParse(n.debts);
  return parsed.success ? parsed.data : [];
}

/** The slip a negotiation issued (as stored), if any. */
export function storedSlip(n: NegotiationRow): TNegotiationSlip | null {
  const parsed = ZNegotiationSlip.safeParse(n.slip);
  return parsed.success ? parsed.data : null;
}

/** A CPF or CNPJ as typed (digits with optional dots, dash, slash and spaces), as digits; null when invalid. */
export function documentDigits(text: string): string | null {
  const t = text.trim();
  if (t.length > 30 || !/^[\d.\-/\s]+$/.test(t)) return null;
  const digits = onlyDigits(t);
  if (digits.length === 11) return isValidCpf(digits) ? digits : null;
  if (digits.length === 14) return isValidCnpj(digits) ? digits : null;
  return null;
}

/**
 * The customer's document. Invalid or not in the mailing counts an attempt (the third ends the negotiation:
 * outcome not_found, status not_emitted_invoice); found moves to the offers. A negotiation past this step answers
 * what it has (its debts while at the offers; `exhausted` when finished) and changes nothing. Mailing columns that
 * do not parse throw a 400 (NEGOTIATOR_MSG.fieldInvalid) before anything is written.
 */
export async function submitDocument(
  tx: Tx,
  ctx: NegotiationContext,
  negotiation: NegotiationRow,
  text: string,
): Promise<DocumentResult> {
  const n = await lockNegotiation(tx, negotiation);
  if (n.step === 'offers')
    return { kind: 'found', negotiation: n, debtorName: n.debtorName ?? '', debts: storedDebts(n) };
  if (n.step !== 'document' || n.finishedAt) return { kind: 'exhausted', negotiation: n };

  const digits = documentDigits(text);
  if (digits) {
    const parsed = ZNegotiatorFields.safeParse(ctx.negotiator.fields);
    if (!parsed.success) throw badRequest(NEGOTIATOR_MSG.fieldInvalid);
    const fields = parsed.data;
    const rows = await documentRows(tx, {
      companyId: n.companyId,
      mailingId: ctx.negotiator.mailingId,
      column: fields.document,
      document: digits,
    });
    if (rows.length > 0) {
      const { debtorName, debts } = debtsOfRows(fields, rows);
      const found = await update(tx, n, { step: 'offers', document: digits, debtorName, debts }, ctx.now);
      await stepFact(tx, found, 'document_validated');
      return { kind: 'found', negotiation: found, debtorName, debts };
    }
  }
  const attempts = n.attempts + 1;
  const exhausted = attempts >= MAX_DOCUMENT_ATTEMPTS;
  const row = await update(
    tx,
    n,
    exhausted
      ? {
          attempts,
          step: 'finished',
          outcome: 'not_found',
          statusId: ctx.negotiator.statusNotEmittedInvoice,
          finishedAt: ctx.now,
        }
      : { attempts },
    ctx.now,
  );
  await stepFact(tx, row, digits ? 'document_not_found' : 'document_invalid');
  if (exhausted) {
    await stepFact(tx, row, 'failed');
    return { kind: 'exhausted', negotiation: row };
  }
  return { kind: digits ? 'not_found' : 'invalid', negotiation: row };
}

export type ChooseResult =
  | { kind: 'invalid'; negotiation: NegotiationRow }
  | { kind: 'declined'; negotiation: NegotiationRow }
  | { kind: 'issued'; negotiation: NegotiationRow; slip: TNegotiationSlip };

/** YYYY-MM-DD plus days (calendar arithmetic, no clock). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The customer's option at the offers: 0 declines (status not_emitted_invoice); one of the options issues its
 * payment slip (the offer's amount — per installment, the slip being the first one — due today in the company's
 * timezone plus the negotiator's due days, our number the negotiation id in 11 digits; status emitted_invoice).
 * Anything else is invalid and changes nothing. A finished negotiation answers how it ended and changes nothing.
 * Slip settings that cannot issue a slip throw a 400 (NEGOTIATOR_MSG.slipInvalid) before anything is written.
 */
export async function chooseOption(
  tx: Tx,
  ctx: NegotiationContext,
  negotiation: NegotiationRow,
  option: number,
): Promise<ChooseResult> {
  const n = await lockNegotiation(tx, negotiation);
  if (n.step === 'finished' || n.finishedAt) {
    const slip = storedSlip(n);
    if (n.outcome === 'emitted' && slip) return { kind: 'issued', negotiation: n, slip };
    if (n.outcome === 'declined') return { kind: 'declined', negotiation: n };
    return { kind: 'invalid', negotiation: n };
  }
  if (n.step !== 'offers' || !Number.isInteger(option)) return { kind: 'invalid', negotiation: n };

  if (option === 0) {
    const row = await update(
      tx,
      n,
      {
        step: 'finished',
        outcome: 'declined',
        statusId: ctx.negotiator.statusNotEmittedInvoice,
        finishedAt: ctx.now,
      },
      ctx.now,
    );
    await stepFact(tx, row, 'declined');
    return { kind: 'declined', negotiation: row };
  }
  const chosen = findOption(storedDebts(n), option);
  if (!chosen) return { kind: 'invalid', negotiation: n };

  const settings = ZNegotiatorSlip.safeParse(ctx.negotiator.slip);
  if (!settings.success) throw badRequest(NEGOTIATOR_MSG.slipInvalid);
  const dueDate = addDays(calendarDate(ctx.now, ctx.timezone), settings.data.due_days);
  let issued: ReturnType<typeof issueSlip>;
  try {
    issued = issueSlip(settings.data, {
      amountCents: chosen.offer.amount_cents,
      dueDate,
      ourNumber: String(n.id).padStart(11, '0'),
    });
  } catch {
    throw badRequest(NEGOTIATOR_MSG.slipInvalid);
  }
  const slip: TNegotiationSlip = {
    amount_cents: chosen.offer.amount_cents,
    due_date: dueDate,
    our_number: issued.our_number,
    barcode: issued.barcode,
    digitable_line: issued.digitable_line,
    offer_label: `${chosen.debt.description} - ${chosen.offer.label}`,
    installments: chosen.offer.installments,
    file_url: null,
  };
  await stepFact(tx, n, 'offer_chosen');
  const row = await update(
    tx,
    n,
    {
      step: 'finished',
      outcome: 'emitted',
      statusId: ctx.negotiator.statusEmittedInvoice,
      slip,
      finishedAt: ctx.now,
    },
    ctx.now,
  );
  await stepFact(tx, row, 'slip_issued');
  return { kind: 'issued', negotiation: row, slip };
}
