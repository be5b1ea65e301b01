import { monthLabel } from '@prosa/shared/billing-texts';
import type { TContractCost } from '@prosa/shared/contract-cost';
import { isoToBrDate } from '@prosa/shared/dates';
import PDFDocument from 'pdfkit';

const MARGIN = 48;
const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const money = (reais: number) => BRL.format(reais).replace(/\u00a0/g, ' ');

const COLUMNS = [
  { label: 'Item', width: 215 },
  { label: 'Faixa', width: 80 },
  { label: 'Dias', width: 60 },
  { label: 'Valor mensal', width: 72 },
  { label: 'Valor', width: 72 },
] as const;

export type TInvoiceDocument = {
  companyName: string;
  month: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  issuedOn: string;
  cost: TContractCost;
};

/**
 * The invoice as a PDF (A4 portrait): company, billed month, due date, one line per billed user (their rule's
 * range, days used) and per number, and the totals. Not compressed: an invoice is a page or two, and its text
 * stays searchable by tools that do not inflate streams.
 */
export async function renderInvoicePdf(doc: TInvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    info: { Title: `Fatura ${monthLabel(doc.month)}`, Author: doc.companyName },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((done) => pdf.on('end', () => done()));
  const bottom = () => pdf.page.height - MARGIN - 20;

  pdf
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(`Fatura ${monthLabel(doc.month)}`, MARGIN, MARGIN);
  pdf.moveDown(0.4).font('Helvetica').fontSize(10).fillColor('#444');
  pdf.text(`Empresa: ${doc.companyName}`);
  pdf.text(`Mês de referência: ${monthLabel(doc.month)}`);
  pdf.text(`Emitida em: ${isoToBrDate(doc.issuedOn) ?? doc.issuedOn}`);
  pdf.text(`Vencimento: ${isoToBrDate(doc.dueDate) ?? doc.dueDate}`);
  pdf.fillColor('black').moveDown(1);

  const row = (cells: string[], bold = false) => {
    if (pdf.y > bottom()) pdf.addPage();
    const y = pdf.y;
    let x = MARGIN;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let height = 0;
    cells.forEach((text, i) => {
      const width = COLUMNS[i]?.width ?? 60;
      const align = i >= 2 ? 'right' : 'left';
      pdf.text(text, x, y, { width: width - 6, align });
      height = Math.max(height, pdf.heightOfString(text, { width: width - 6 }));
      x += width;
    });
    pdf.x = MARGIN;
    pdf.y = y + height + 5;
  };

  row(
    COLUMNS.map((c) => c.label),
    true,
  );
  const { cost } = doc;
  for (const u of cost.users) {
    if (u.position === null) continue;
    const range = u.rule ? `${u.rule.start_limit} a ${u.rule.end_limit}` : 'sem faixa';
    row([
      `${u.position}. ${u.name}`,
      range,
      `${u.days_used}/${u.days_in_month}`,
      money(u.value),
      money(u.amount),
    ]);
  }
  for (const n of cost.numbers) {
    if (n.days_used === 0) continue;
    row([`Número: ${n.label}`, '', `${n.days_used}/${n.days_in_month}`, money(n.value), money(n.amount)]);
  }
  pdf.moveDown(0.8).font('Helvetica').fontSize(10);
  pdf.text(`Usuários (${cost.billed_users}): ${money(cost.users_total)}`, MARGIN, pdf.y, { align: 'right' });
  pdf.text(`Números: ${money(cost.numbers_total)}`, { align: 'right' });
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total: ${money(cost.total)}`, { align: 'right' });
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
