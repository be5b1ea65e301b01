// The boleto as an A4 PDF: the payer's receipt ("recibo do pagador") above a cut line, then the "ficha de
// compensação" laid out as banks print it, ending with the ITF barcode.
import { formatCnpj, formatCpf, onlyDigits } from '@prosa/shared/documents';
import type { TNegotiationSlip, TNegotiatorSlip } from '@prosa/shared/negotiator';
import PDFDocument from 'pdfkit';
import { formatBradescoOurNumber } from './febraban';
import { darkRuns, itfBars } from './itf';

const MARGIN = 28;
const WIDTH = 595.28 - 2 * MARGIN;
const RIGHT_COL = 150;
const ROW = 24;
/** FEBRABAN: the barcode is 103 mm wide and 13 mm high (1 mm = 72/25.4 pt). */
const BARCODE_WIDTH = (103 * 72) / 25.4;
const BARCODE_HEIGHT = (13 * 72) / 25.4;
const BARCODE_GAP = 10;
/** Bank line, four rows, the instructions (four rows), the payer, the gap and the barcode. */
const FICHA_HEIGHT = 22 + ROW * 8 + ROW + 8 + BARCODE_GAP + BARCODE_HEIGHT;
const BANK = { name: 'Bradesco', code: '237-2' };
const PAYMENT_PLACE = 'Pagável preferencialmente na rede Bradesco ou em qualquer banco até o vencimento.';

export type TSlipPdfInput = {
  settings: TNegotiatorSlip;
  slip: TNegotiationSlip;
  payer: { name: string; document: string };
  companyName: string;
  description: string;
};

/** CPF (11 digits) or CNPJ (14 digits) with its punctuation; anything else as written. */
export function formatDocument(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 11) return formatCpf(d);
  if (d.length === 14) return formatCnpj(d);
  return value;
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 1.234,56" (Intl writes a no-break space after R$; a plain one prints with the standard fonts). */
export function formatBrl(cents: number): string {
  return BRL.format(cents / 100).replace(/\s/g, ' ');
}

/** 'YYYY-MM-DD' → 'DD/MM/AAAA'. */
function brDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

function todayIso(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
}

type Doc = InstanceType<typeof PDFDocument>;

/** One labelled box: a small caption on top and its value below. */
function cell(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  value: string,
  opts: { bold?: boolean; align?: 'left' | 'right'; size?: number } = {},
): void {
  doc.rect(x, y, w, h).lineWidth(0.5).strokeColor('#000').stroke();
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#333')
    .text(label, x + 3, y + 2, { width: w - 6, lineBreak: false });
  doc
    .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(opts.size ?? 8.5)
    .fillColor('#000')
    .text(value, x + 3, y + 10, {
      width: w - 6,
      align: opts.align ?? 'left',
      height: h - 11,
      ellipsis: true,
    });
}

/** The bank line: bank name, bank code with its DV, and the linha digitável (or a title). */
function bankLine(doc: Doc, y: number, right: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor('#000')
    .text(BANK.name, MARGIN, y + 4, { lineBreak: false });
  doc
    .moveTo(MARGIN + 100, y)
    .lineTo(MARGIN + 100, y + 22)
    .lineWidth(1.5)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(BANK.code, MARGIN + 104, y + 4, { width: 56, align: 'center' });
  doc
    .moveTo(MARGIN + 164, y)
    .lineTo(MARGIN + 164, y + 22)
    .lineWidth(1.5)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(right, MARGIN + 168, y + 7, { width: WIDTH - 168, align: 'right', lineBreak: false });
  doc
    .moveTo(MARGIN, y + 22)
    .lineTo(MARGIN + WIDTH, y + 22)
    .lineWidth(1.5)
    .stroke();
}

function drawBarcode(doc: Doc, barcode: string, x: number, y: number): void {
  const mods = itfBars(barcode);
  const unit = BARCODE_WIDTH / mods.length;
  for (const [start, width] of darkRuns(mods)) doc.rect(x + start * unit, y, width * unit, BARCODE_HEIGHT);
  doc.fillColor('#000').fill();
}

/**
 * Renders the boleto. `compress: false` leaves the content streams readable (tests look for the texts);
 * `now` is the document and processing date (default: today in Brasília).
 */
export async function renderSlipPdf(
  input: TSlipPdfInput,
  opts: { compress?: boolean; now?: Date } = {},
): Promise<Buffer> {
  const { settings, slip, payer } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: opts.compress ?? true,
    info: { Title: `Boleto ${slip.our_number}`, Author: input.companyName, Subject: input.description },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((done) => doc.on('end', () => done()));

  const issued = brDate(todayIso(opts.now ?? new Date()));
  const beneficiary = settings.beneficiary_document
    ? `${settings.beneficiary} — CNPJ/CPF ${formatDocument(settings.beneficiary_document)}`
    : settings.beneficiary;
  const agencyCode = `${settings.agency.padStart(4, '0')} / ${settings.account.padStart(7, '0')}`;
  const ourNumber = formatBradescoOurNumber(settings.wallet, slip.our_number);
  const amount = formatBrl(slip.amount_cents);
  const due = brDate(slip.due_date);
  const payerLine = `${payer.name} — ${onlyDigits(payer.document).length === 14 ? 'CNPJ' : 'CPF'} ${formatDocument(payer.document)}`;
  const left = WIDTH - RIGHT_COL;
  const rx = MARGIN + left;

  // ── Recibo do pagador ──
  let y = MARGIN;
  bankLine(doc, y, 'Recibo do Pagador');
  y += 28;
  cell(doc, MARGIN, y, left, ROW, 'Beneficiário', beneficiary);
  cell(doc, rx, y, RIGHT_COL, ROW, 'Vencimento', due, { bold: true, align: 'right' });
  y += ROW;
  cell(doc, MARGIN, y, left, ROW, 'Pagador', payerLine);
  cell(doc, rx, y, RIGHT_COL, ROW, 'Nosso número', ourNumber, { align: 'right' });
  y += ROW;
  cell(doc, MARGIN, y, left, ROW, 'Descrição', input.description);
  cell(doc, rx, y, RIGHT_COL, ROW, '(=) Valor do documento', amount, { bold: true, align: 'right' });
  y += ROW;
  cell(doc, MARGIN, y, WIDTH, ROW, 'Linha digitável', slip.digitable_line, { bold: true });
  y += ROW + 4;
  doc
    .font('Helvetica')
    .fontSize(7)
    .text('Autenticação mecânica', MARGIN, y, { width: WIDTH, align: 'right' });

  // ── Cut line: on A4 the ficha de compensação goes at the foot of the page ──
  y = doc.page.height - MARGIN - FICHA_HEIGHT - 24;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .dash(3, { space: 3 })
    .lineWidth(0.5)
    .stroke()
    .undash();
  doc
    .font('Helvetica')
    .fontSize(6)
    .text('Corte na linha pontilhada', MARGIN, y + 2, { width: WIDTH, align: 'right' });

  // ── Ficha de compensação ──
  y += 24;
  bankLine(doc, y, slip.digitable_line);
  y += 22;
  cell(doc, MARGIN, y, left, ROW, 'Local de pagamento', PAYMENT_PLACE);
  cell(doc, rx, y, RIGHT_COL, ROW, 'Vencimento', due, { bold: true, align: 'right' });
  y += ROW;
  cell(doc, MARGIN, y, left, ROW, 'Beneficiário', beneficiary);
  cell(doc, rx, y, RIGHT_COL, ROW, 'Agência / Código do beneficiário', agencyCode, { align: 'right' });
  y += ROW;
  const w5 = left / 5;
  const row3: Array<[string, string]> = [
    ['Data do documento', issued],
    ['Nº do documento', slip.our_number],
    ['Espécie doc.', 'DS'],
    ['Aceite', 'N'],
    ['Data do processamento', issued],
  ];
  for (const [i, [l, v]] of row3.entries()) cell(doc, MARGIN + i * w5, y, w5, ROW, l, v);
  cell(doc, rx, y, RIGHT_COL, ROW, 'Nosso número', ourNumber, { align: 'right' });
  y += ROW;
  const row4: Array<[string, string]> = [
    ['Uso do banco', ''],
    ['Carteira', settings.wallet.padStart(2, '0')],
    ['Espécie', 'R$'],
    ['Quantidade', ''],
    ['Valor', ''],
  ];
  for (const [i, [l, v]] of row4.entries()) cell(doc, MARGIN + i * w5, y, w5, ROW, l, v);
  cell(doc, rx, y, RIGHT_COL, ROW, '(=) Valor do documento', amount, { bold: true, align: 'right' });
  y += ROW;
  const instructions = [
    input.description,
    settings.instructions,
    slip.installments > 1 ? `Parcela 1 de ${slip.installments}.` : '',
    'Não receber após 30 dias do vencimento.',
  ]
    .filter((t) => t.trim() !== '')
    .join('\n');
  cell(doc, MARGIN, y, left, ROW * 4, 'Instruções (texto de responsabilidade do beneficiário)', instructions);
  const charges = [
    '(-) Desconto / Abatimento',
    '(+) Mora / Multa',
    '(+) Outros acréscimos',
    '(=) Valor cobrado',
  ];
  for (const [i, l] of charges.entries()) cell(doc, rx, y + i * ROW, RIGHT_COL, ROW, l, '');
  y += ROW * 4;
  // The company that negotiates is named as the final beneficiary when the account is someone else's.
  const finalBeneficiary =
    input.companyName.trim() && input.companyName.trim() !== settings.beneficiary.trim()
      ? `\nBeneficiário final: ${input.companyName}`
      : '';
  cell(doc, MARGIN, y, WIDTH, ROW + 8, 'Pagador', `${payerLine}${finalBeneficiary}`);
  y += ROW + 8 + BARCODE_GAP;
  drawBarcode(doc, slip.barcode, MARGIN, y);
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#000')
    .text('Autenticação mecânica — Ficha de Compensação', MARGIN + BARCODE_WIDTH + 10, y, {
      width: WIDTH - BARCODE_WIDTH - 10,
      align: 'right',
    });

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
