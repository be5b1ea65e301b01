// The FEBRABAN payment slip ("boleto de cobrança"): the 44-digit barcode, its check digits and the 47-digit
// "linha digitável" typed by payers, plus Bradesco's (237) free field.
//
// Barcode layout (FEBRABAN "Layout Padrão de Arrecadação/Cobrança", 44 positions):
//   01–03 bank code (3) · 04 currency, 9 = real (1) · 05 general check digit, mod 11 (1)
//   06–09 due-date factor (4) · 10–19 amount in cents (10) · 20–44 free field, bank-defined (25)
// Linha digitável (47 digits, five fields):
//   1: bank + currency + free field 1–5 + DV mod 10  → AAAAA.AAAAA
//   2: free field 6–15 + DV mod 10                  → BBBBB.BBBBBB
//   3: free field 16–25 + DV mod 10                 → CCCCC.CCCCCC
//   4: the barcode's general check digit            → D
//   5: due-date factor + amount                     → EEEEEEEEEEEEEE
import type { TNegotiatorSlip } from '@prosa/shared/negotiator';

const DAY_MS = 86_400_000;
const FACTOR_BASE = Date.UTC(1997, 9, 7);
/** 2000-07-03: factor 1000, the first one of the cycle in use (2025-02-22 is 1000 again). */
const FIRST_DUE_DATE = '2000-07-03';
const MAX_AMOUNT_CENTS = 9_999_999_999;

export class SlipError extends Error {}

function fail(message: string): never {
  throw new SlipError(message);
}

function parseIsoDate(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) fail(`Data de vencimento inválida: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    fail(`Data de vencimento inválida: ${date}`);
  return t;
}

/**
 * The 4-digit due-date factor: days since 1997-10-07. Factor 9999 (2025-02-21) rolls over to 1000 on 2025-02-22
 * and counts up again, so factors cycle through 1000–9999 every 9000 days. Dates before 2000-07-03 (factor
 * 1000 of the first cycle) and past year 2099 are refused.
 */
export function dueDateFactor(dueDate: string): string {
  const t = parseIsoDate(dueDate);
  if (dueDate < FIRST_DUE_DATE || dueDate > '2099-12-31')
    fail(`Data de vencimento fora do intervalo: ${dueDate}`);
  const days = Math.round((t - FACTOR_BASE) / DAY_MS);
  return String(((days - 1000) % 9000) + 1000).padStart(4, '0');
}

function assertDigits(value: string, length: number, what: string): void {
  if (!new RegExp(`^\\d{${length}}$`).test(value)) fail(`${what}: ${length} dígitos esperados.`);
}

/** Mod 10 (weights 2,1,2,1… from the right, products' digits summed): the DV of each linha digitável field. */
export function mod10(digits: string): number {
  if (!/^\d+$/.test(digits)) fail('Somente dígitos.');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = Number(digits[i]) * weight;
    sum += p > 9 ? p - 9 : p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general DV over its other 43 digits: mod 11, weights 2..9 from the right; 0, 10 and 11 become 1. */
export function barcodeCheckDigit(barcode43: string): number {
  assertDigits(barcode43, 43, 'Código de barras sem DV');
  let sum = 0;
  let weight = 2;
  for (let i = barcode43.length - 1; i >= 0; i--) {
    sum += Number(barcode43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

function assertAmount(amountCents: number): void {
  if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > MAX_AMOUNT_CENTS)
    fail('Valor do boleto inválido: de R$ 0,01 a R$ 99.999.999,99.');
}

/** The 44-digit barcode (currency 9, real). */
export function buildBarcode(input: {
  bankCode: string;
  dueDate: string;
  amountCents: number;
  freeField: string;
}): string {
  assertDigits(input.bankCode, 3, 'Código do banco');
  assertDigits(input.freeField, 25, 'Campo livre');
  assertAmount(input.amountCents);
  const factor = dueDateFactor(input.dueDate);
  const amount = String(input.amountCents).padStart(10, '0');
  const withoutDv = `${input.bankCode}9${factor}${amount}${input.freeField}`;
  const dv = barcodeCheckDigit(withoutDv);
  return `${withoutDv.slice(0, 4)}${dv}${withoutDv.slice(4)}`;
}

function isValidBarcode(barcode: string): boolean {
  if (!/^\d{44}$/.test(barcode)) return false;
  return barcodeCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}

/** The formatted linha digitável of a valid barcode: "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE". */
export function digitableLine(barcode44: string): string {
  if (!isValidBarcode(barcode44)) fail('Código de barras inválido.');
  const free = barcode44.slice(19);
  const f1 = barcode44.slice(0, 4) + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const d1 = `${f1}${mod10(f1)}`;
  const d2 = `${f2}${mod10(f2)}`;
  const d3 = `${f3}${mod10(f3)}`;
  return `${d1.slice(0, 5)}.${d1.slice(5)} ${d2.slice(0, 5)}.${d2.slice(5)} ${d3.slice(0, 5)}.${d3.slice(5)} ${barcode44[4]} ${barcode44.slice(5, 19)}`;
}

/** The barcode of a linha digitável (spaces, dots and hyphens ignored); null when it is malformed or any DV is wrong. */
export function barcodeFromDigitableLine(line: string): string | null {
  const digits = line.replace(/[\s.-]/g, '');
  if (!/^\d{47}$/.test(digits)) return null;
  const f1 = digits.slice(0, 9);
  const f2 = digits.slice(10, 20);
  const f3 = digits.slice(21, 31);
  if (mod10(f1) !== Number(digits[9]) || mod10(f2) !== Number(digits[20]) || mod10(f3) !== Number(digits[31]))
    return null;
  const barcode = `${f1.slice(0, 4)}${digits[32]}${digits.slice(33, 47)}${f1.slice(4)}${f2}${f3}`;
  return isValidBarcode(barcode) ? barcode : null;
}

/** Bradesco's 25-digit free field: agência (4), carteira (2), nosso número (11), conta (7), zero. */
export function bradescoFreeField(input: {
  agency: string;
  wallet: string;
  ourNumber: string;
  account: string;
}): string {
  if (!/^\d{1,4}$/.test(input.agency)) fail('Agência: até 4 dígitos.');
  if (!/^\d{1,2}$/.test(input.wallet)) fail('Carteira: até 2 dígitos.');
  if (!/^\d{1,11}$/.test(input.ourNumber)) fail('Nosso número: até 11 dígitos.');
  if (!/^\d{1,7}$/.test(input.account)) fail('Conta: até 7 dígitos.');
  return `${input.agency.padStart(4, '0')}${input.wallet.padStart(2, '0')}${input.ourNumber.padStart(11, '0')}${input.account.padStart(7, '0')}0`;
}

/** Bradesco's nosso número DV: mod 11, weights 2..7 over carteira + nosso número; remainder 1 gives 'P'. */
export function bradescoOurNumberDv(wallet: string, ourNumber: string): string {
  const digits = `${wallet.padStart(2, '0')}${ourNumber.padStart(11, '0')}`;
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const r = sum % 11;
  if (r === 0) return '0';
  if (r === 1) return 'P';
  return String(11 - r);
}

/** The nosso número as printed on a Bradesco slip: "09/00000000001-P". */
export function formatBradescoOurNumber(wallet: string, ourNumber: string): string {
  return `${wallet.padStart(2, '0')}/${ourNumber.padStart(11, '0')}-${bradescoOurNumberDv(wallet, ourNumber)}`;
}

/** Issues one slip of the negotiator's Bradesco account: barcode, linha digitável and the 11-digit nosso número. */
export function issueSlip(
  settings: TNegotiatorSlip,
  input: { amountCents: number; dueDate: string; ourNumber: string },
): { barcode: string; digitable_line: string; our_number: string } {
  if (settings.bank_code !== '237') fail('Banco não suportado.');
  const freeField = bradescoFreeField({
    agency: settings.agency,
    wallet: settings.wallet,
    ourNumber: input.ourNumber,
    account: settings.account,
  });
  const barcode = buildBarcode({
    bankCode: settings.bank_code,
    dueDate: input.dueDate,
    amountCents: input.amountCents,
    freeField,
  });
  return { barcode, digitable_line: digitableLine(barcode), our_number: input.ourNumber.padStart(11, '0') };
}
