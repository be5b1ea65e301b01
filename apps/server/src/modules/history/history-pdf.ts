import { CHANNEL_LABEL, type TChannelKind } from '@prosa/shared/channels';
import { formatDateTime, isoToBrDate } from '@prosa/shared/dates';
import type { THistoryFilters } from '@prosa/shared/history';
import { REPORT_MSG } from '@prosa/shared/reports';
import PDFDocument from 'pdfkit';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { loadViewer } from '../attendance/viewer';
import { findCompany } from '../companies/repository';
import { countHistory, historyConditions, searchHistory } from './repository';
import { toHistoryRow } from './to-row';

/** A PDF is read by people: past this many rows the CSV export is the tool (the PDF says so). */
export const HISTORY_PDF_MAX_ROWS = 5000;

const COLUMNS = [
  { label: 'Protocolo', width: 92 },
  { label: 'Contato', width: 130 },
  { label: 'Canal', width: 80 },
  { label: 'Setor', width: 100 },
  { label: 'Operador', width: 110 },
  { label: 'Status', width: 100 },
  { label: 'Abertura', width: 79 },
  { label: 'Encerramento', width: 79 },
] as const;
const MARGIN = 36;
const FONT_SIZE = 8;
const CELL_PAD = 3;

function periodText(f: THistoryFilters): string {
  const from = f.fromDate ? isoToBrDate(f.fromDate) : null;
  const to = f.toDate ? isoToBrDate(f.toDate) : null;
  if (from && to) return `${from} a ${to}`;
  if (from) return `a partir de ${from}`;
  if (to) return `até ${to}`;
  return 'todo o período';
}

/**
 * The filtered history list as a PDF (spec 2 §7 "PDF service"): A4 landscape, title, company, period, a table
 * of the attendances (protocol, contact, channel, sector, operator, status, opened, closed) repeating its
 * header on each page, and page numbers. No rows: 404 'Sem dados neste período.'. `compress: false` leaves the
 * content streams readable (tests).
 */
export async function historyPdf(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  filters: THistoryFilters,
  opts: { compress?: boolean; now?: Date } = {},
): Promise<{ filename: string; pdf: Buffer }> {
  const viewer = await loadViewer(deps.db, caller);
  const company = await findCompany(deps.db, caller.companyId);
  const tz = company?.timezone ?? 'America/Sao_Paulo';
  const conds = historyConditions(viewer, filters, tz);
  const total = await countHistory(deps.db, conds);
  if (total === 0) throw notFound(REPORT_MSG.noData);
  const rows = (await searchHistory(deps.db, conds, { limit: HISTORY_PDF_MAX_ROWS, offset: 0 })).map(
    toHistoryRow,
  );

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: 'Histórico de atendimentos', Author: company?.name ?? 'Prosa' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((done) => doc.on('end', () => done()));

  const left = MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;

  doc.font('Helvetica-Bold').fontSize(16).text('Histórico de atendimentos', left, MARGIN);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor('#444');
  doc.text(`Empresa: ${company?.name ?? ''}`);
  doc.text(`Período: ${periodText(filters)}`);
  doc.text(
    `Atendimentos: ${total}${total > rows.length ? ` (os ${rows.length} mais recentes; exporte o CSV para a lista completa)` : ''} · Gerado em ${formatDateTime(opts.now ?? new Date(), tz)}`,
  );
  doc.fillColor('black').moveDown(0.8);

  const rowHeight = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    return (
      Math.max(
        ...cells.map((t, i) => doc.heightOfString(t, { width: (COLUMNS[i]?.width ?? 60) - 2 * CELL_PAD })),
      ) +
      2 * CELL_PAD
    );
  };
  const drawRow = (cells: string[], y: number, h: number, opts2: { bold?: boolean; fill?: string }) => {
    const width = COLUMNS.reduce((s, c) => s + c.width, 0);
    if (opts2.fill) doc.rect(left, y, width, h).fill(opts2.fill).fillColor('black');
    doc.font(opts2.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    let x = left;
    cells.forEach((t, i) => {
      const w = COLUMNS[i]?.width ?? 60;
      doc.text(t, x + CELL_PAD, y + CELL_PAD, { width: w - 2 * CELL_PAD, lineBreak: true });
      x += w;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.3)
      .strokeColor('#ccc')
      .stroke();
  };
  const header = COLUMNS.map((c) => c.label);
  const headerHeight = rowHeight(header, true);
  let y = doc.y;
  drawRow(header, y, headerHeight, { bold: true, fill: '#e9ecef' });
  y += headerHeight;

  for (const r of rows) {
    const cells = [
      r.protocol,
      r.edited_name || r.name,
      CHANNEL_LABEL[r.channel_kind as TChannelKind] ?? r.channel_kind,
      r.sector_name ?? '',
      r.operator_assigned_name ?? '',
      r.status_name ?? '',
      formatDateTime(r.first_start_chat_at, tz),
      r.closed_at ? formatDateTime(r.closed_at, tz) : '',
    ];
    const h = rowHeight(cells, false);
    // A row that does not fit starts a new page, under the header again.
    if (y + h > bottom()) {
      doc.addPage();
      y = MARGIN;
      drawRow(header, y, headerHeight, { bold: true, fill: '#e9ecef' });
      y += headerHeight;
    }
    drawRow(cells, y, h, {});
    y += h;
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing in the bottom margin must not open a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666')
      .text(`Página ${i + 1} de ${range.count}`, left, doc.page.height - MARGIN, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  await ended;
  const stamp = filters.fromDate && filters.toDate ? `${filters.fromDate}-a-${filters.toDate}` : 'completo';
  return { filename: `historico-${stamp}.pdf`, pdf: Buffer.concat(chunks) };
}
