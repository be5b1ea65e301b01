import type { TNegotiationDebt, TNegotiationOffer, TNegotiatorFields } from '@prosa/shared/negotiator';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { mailingRows, mailings } from '../../db/schema/campaigns';
import type { Db, Tx } from '../../platform/db';

// A document's debts in the negotiator's mailing: every row of that document is one debt (description, amount,
// due date) with the offers of `fields.offers`; the options are numbered 1..n across the debts.

/** At most this many rows of one document are read (a mailing is a list of debts, not a ledger). */
const MAX_DEBT_ROWS = 50;

/**
 * An amount as mailings write it, in cents: "1.234,56", "1234.56", "R$ 1.234,56", "850", "1,234.56". Null when
 * the cell is empty or not a number. With both separators the last one is the decimal one; with dots only, dots
 * before groups of exactly three digits are thousands (the Brazilian "1.500"), else the last dot is decimal.
 */
export function parseAmountCents(raw: string | null | undefined): number | null {
  if (raw == null) return null;
  const s = raw
    .replace(/R\$/gi, '')
    .replace(/[\s\u00a0]/g, '')
    .trim();
  if (!/^-?[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let intPart: string;
  let fracPart = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const dec = Math.max(lastComma, lastDot);
    intPart = s.slice(0, dec).replace(/[.,]/g, '');
    fracPart = s.slice(dec + 1);
  } else if (lastComma >= 0) {
    const groups = s.split(',');
    if (groups.length > 2) return null;
    intPart = groups[0] ?? '';
    fracPart = groups[1] ?? '';
  } else if (lastDot >= 0) {
    const groups = s.split('.');
    const thousands = groups.length > 1 && groups.slice(1).every((g) => g.length === 3);
    if (thousands) intPart = groups.join('');
    else {
      if (groups.length > 2) return null;
      intPart = groups[0] ?? '';
      fracPart = groups[1] ?? '';
    }
  } else intPart = s;
  if (/[.,]/.test(fracPart) || fracPart.length > 2) return null;
  const negative = intPart.startsWith('-');
  const digits = intPart.replace('-', '') || '0';
  if (!/^\d+$/.test(digits) || digits.length > 12) return null;
  const cents = Number(digits) * 100 + Number(fracPart.padEnd(2, '0') || '0');
  return negative ? -cents : cents;
}

/** A date cell as YYYY-MM-DD ("31/12/2026", "2026-12-31"), else the trimmed text (null when empty). */
export function normalizeDate(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim();
  if (!s) return null;
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (br) return `${br[3]}-${(br[2] ?? '').padStart(2, '0')}-${(br[1] ?? '').padStart(2, '0')}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  return s.slice(0, 40);
}

const cell = (values: string[], index: number | null | undefined): string =>
  index == null ? '' : String(values[index] ?? '').trim();

/**
 * The rows of a document (digits only) in the mailing, in file order. The comparison strips the cell to its
 * digits so "123.456.789-09" matches "12345678909"; the scan is bounded by the primary key's
 * (company_id, mailing_id) prefix to that one mailing. (The document column is the negotiator's choice, so an
 * expression index per column would be one index per negotiator; at 100k rows this scan takes tens of ms.)
 */
export async function documentRows(
  db: Db | Tx,
  input: { companyId: number; mailingId: number; column: number; document: string },
): Promise<{ rowNumber: number; values: string[] }[]> {
  const col = Math.trunc(input.column);
  return db
    .select({ rowNumber: mailingRows.rowNumber, values: mailingRows.values })
    .from(mailingRows)
    .innerJoin(
      mailings,
      and(eq(mailings.companyId, mailingRows.companyId), eq(mailings.id, mailingRows.mailingId)),
    )
    .where(
      and(
        eq(mailingRows.companyId, input.companyId),
        eq(mailingRows.mailingId, input.mailingId),
        isNull(mailings.deletedAt),
        sql`regexp_replace(${mailingRows.values}->>${sql.raw(String(col))}, '\\D', '', 'g') = ${input.document}`,
      ),
    )
    .orderBy(asc(mailingRows.rowNumber))
    .limit(MAX_DEBT_ROWS);
}

/** The debts (one per row) with their numbered offers, and the debtor's name (the first row's). */
export function debtsOfRows(
  fields: TNegotiatorFields,
  rows: { rowNumber: number; values: string[] }[],
): { debtorName: string; debts: TNegotiationDebt[] } {
  let option = 0;
  const debts = rows.map((row): TNegotiationDebt => {
    const offers: TNegotiationOffer[] = [];
    for (const offer of fields.offers) {
      const amount = parseAmountCents(cell(row.values, offer.amount));
      // An offer with no amount in this row is not offered for this debt.
      if (amount === null || amount < 1) continue;
      const parsedInstallments = Number.parseInt(cell(row.values, offer.installments), 10);
      const installments =
        Number.isFinite(parsedInstallments) && parsedInstallments >= 1
          ? Math.min(parsedInstallments, 360)
          : 1;
      option += 1;
      offers.push({ option, label: offer.label, amount_cents: amount, installments });
    }
    const amount = parseAmountCents(cell(row.values, fields.debt_amount));
    return {
      row_number: row.rowNumber,
      description: cell(row.values, fields.debt_description).slice(0, 120) || `Débito ${row.rowNumber}`,
      amount_cents: amount !== null && amount > 0 ? amount : 0,
      due_date: normalizeDate(cell(row.values, fields.debt_due_date)),
      offers,
    };
  });
  const first = rows[0];
  const debtorName = first ? cell(first.values, fields.name).slice(0, 120) : '';
  return { debtorName, debts };
}

/** "R$ 1.234,56" (a plain space after the symbol). */
export function moneyBr(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const int = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const frac = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${int},${frac}`;
}

/** YYYY-MM-DD → DD/MM/YYYY (other texts as they are). */
export function dateBr(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

/** One offer as the customer reads it: "À vista R$ 850,00" or "Parcelado 3x 3 x R$ 300,00". */
export function offerText(offer: TNegotiationOffer): string {
  return offer.installments > 1
    ? `${offer.label} ${offer.installments} x ${moneyBr(offer.amount_cents)}`
    : `${offer.label} ${moneyBr(offer.amount_cents)}`;
}

/** Fills [debitos]: one line per debt ("Contrato 123 - R$ 1.000,00 - vencimento 10/01/2026"). */
export function debtsText(debts: TNegotiationDebt[]): string {
  return debts
    .map((d) => {
      const due = d.due_date ? ` - vencimento ${dateBr(d.due_date)}` : '';
      return `${d.description} - ${moneyBr(d.amount_cents)}${due}`;
    })
    .join('\n');
}

/** Fills [ofertas]: one line per option ("1 - Contrato 123: À vista R$ 850,00"). */
export function offersText(debts: TNegotiationDebt[]): string {
  return debts
    .flatMap((d) => d.offers.map((o) => `${o.option} - ${d.description}: ${offerText(o)}`))
    .join('\n');
}

/** The option among the debts, with its debt. */
export function findOption(
  debts: TNegotiationDebt[],
  option: number,
): { debt: TNegotiationDebt; offer: TNegotiationOffer } | null {
  for (const debt of debts)
    for (const offer of debt.offers) if (offer.option === option) return { debt, offer };
  return null;
}
