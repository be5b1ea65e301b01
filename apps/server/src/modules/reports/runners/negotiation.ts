import { channelLabel } from '@prosa/shared/channels';
import { isoToBrDate } from '@prosa/shared/dates';
import {
  NEGOTIATION_OUTCOME_LABEL,
  NEGOTIATION_OUTCOMES,
  type TNegotiationOutcome,
} from '@prosa/shared/negotiator';
import { REPORTS, type TReportTable } from '@prosa/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { ReportCtx, ReportRunner } from '../types';
import { pageInfo, pageSql, when } from './part2-helpers';

// The negotiation report (spec 3 §4 /reports/negotiation {fromDate, toDate, status}): one row per negotiation
// started in the period (company days), chat or hotsite, and a summary. The summary's step counts come from the
// negotiations rows (attempts, validated document, outcome), not from the negotiation.step facts: facts are
// pruned after FACTS_RETENTION_DAYS, the rows are kept, so a past period counts the same as a recent one.

const COLUMNS: TReportTable['columns'] = [
  { key: 'started_at', label: 'Início', kind: 'datetime' },
  { key: 'negotiator', label: 'Negociador', kind: 'text' },
  { key: 'source', label: 'Origem', kind: 'text' },
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'document', label: 'Documento', kind: 'text' },
  { key: 'debtor', label: 'Devedor', kind: 'text' },
  { key: 'result', label: 'Etapa/resultado', kind: 'text' },
  { key: 'amount', label: 'Valor do boleto', kind: 'text' },
  { key: 'due_date', label: 'Vencimento', kind: 'text' },
  { key: 'digitable_line', label: 'Linha digitável', kind: 'text' },
];

const SUMMARY_COLUMNS: TReportTable['columns'] = [
  { key: 'item', label: 'Indicador', kind: 'text' },
  { key: 'count', label: 'Quantidade', kind: 'int' },
  { key: 'amount', label: 'Valor', kind: 'text' },
];

const SOURCE_LABEL: Record<string, string> = { chat: 'Chat', hotsite: 'Hotsite' };
const OPEN_STEP_LABEL: Record<string, string> = {
  document: 'aguardando documento',
  offers: 'escolhendo oferta',
};

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 1.234,56" with a plain space (Intl puts a no-break one, which spreadsheets and searches trip on). */
export function moneyCells(cents: number): string {
  return BRL.format(cents / 100).replace(/\u00a0/g, ' ');
}

/** A CPF or CNPJ with only its middle digits shown: ***.456.789-** / **.222.333/0001-**; other text masked whole. */
export function maskDocument(digits: string | null): string {
  const d = (digits ?? '').replace(/\D/g, '');
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (d.length === 14) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return d ? '*'.repeat(d.length) : '';
}

function statusSql(ctx: ReportCtx): SQL {
  const status = ctx.filters.status ?? 'all';
  if (status === 'all') return sql`true`;
  if (status === 'open') return sql`n.outcome is null`;
  return sql`n.outcome = ${status}`;
}

type Row = {
  started_at: string;
  negotiator: string | null;
  negotiator_deleted: string | null;
  source: string;
  channel_kind: string | null;
  document: string | null;
  debtor_name: string | null;
  step: string;
  outcome: string | null;
  slip: { amount_cents?: number; due_date?: string; digitable_line?: string } | null;
};

export const runNegotiation: ReportRunner = async (ctx) => {
  const where = sql`n.company_id = ${ctx.companyId}
    and n.started_at >= ${ctx.from.toISOString()}::timestamptz and n.started_at < ${ctx.to.toISOString()}::timestamptz
    and ${statusSql(ctx)}`;
  const totals = await ctx.db.execute<{
    outcome: string | null;
    n: number;
    attempts: number;
    validated: number;
    amount: string | null;
  }>(sql`
    select n.outcome, count(*)::int as n, coalesce(sum(n.attempts), 0)::int as attempts,
           count(*) filter (where n.document is not null)::int as validated,
           sum((n.slip->>'amount_cents')::bigint) filter (where n.outcome = 'emitted')::text as amount
    from negotiations n where ${where}
    group by n.outcome`);
  const byOutcome = new Map(totals.rows.map((t) => [t.outcome ?? 'open', t]));
  const total = totals.rows.reduce((s, t) => s + t.n, 0);
  const issuedCents = Number(byOutcome.get('emitted')?.amount ?? 0);

  const r = await ctx.db.execute<Row>(sql`
    select n.started_at, g.name as negotiator, g.deleted_at as negotiator_deleted, n.source, n.channel_kind,
           n.document, n.debtor_name, n.step, n.outcome, n.slip
    from negotiations n
    left join negotiators g on g.company_id = n.company_id and g.id = n.negotiator_id
    where ${where}
    order by n.started_at, n.id
    ${pageSql(ctx)}`);
  const rows = r.rows.map((row) => {
    const slip = row.outcome === 'emitted' ? row.slip : null;
    const result = row.outcome
      ? (NEGOTIATION_OUTCOME_LABEL[row.outcome as TNegotiationOutcome] ?? row.outcome)
      : `${NEGOTIATION_OUTCOME_LABEL.open} (${OPEN_STEP_LABEL[row.step] ?? row.step})`;
    return {
      started_at: when(ctx, row.started_at),
      negotiator: row.negotiator ? `${row.negotiator}${row.negotiator_deleted ? ' (Excluído)' : ''}` : '',
      source: SOURCE_LABEL[row.source] ?? row.source,
      channel: row.channel_kind ? channelLabel(row.channel_kind) : row.source === 'hotsite' ? 'Hotsite' : '',
      document: maskDocument(row.document),
      debtor: row.debtor_name ?? '',
      result,
      amount: typeof slip?.amount_cents === 'number' ? moneyCells(slip.amount_cents) : '',
      due_date: slip?.due_date ? (isoToBrDate(slip.due_date) ?? slip.due_date) : '',
      digitable_line: slip?.digitable_line ?? '',
    };
  });

  const count = (k: string) => byOutcome.get(k)?.n ?? 0;
  const sum = (f: 'attempts' | 'validated') => totals.rows.reduce((s, t) => s + t[f], 0);
  const summary =
    total === 0
      ? []
      : [
          { item: 'Negociações iniciadas', count: total, amount: '' },
          { item: 'Documentos inválidos ou sem débitos informados', count: sum('attempts'), amount: '' },
          { item: 'Documentos validados', count: sum('validated'), amount: '' },
          { item: NEGOTIATION_OUTCOME_LABEL.open, count: count('open'), amount: '' },
          ...NEGOTIATION_OUTCOMES.map((o) => ({
            item: NEGOTIATION_OUTCOME_LABEL[o],
            count: count(o),
            amount: o === 'emitted' ? moneyCells(issuedCents) : '',
          })),
        ];
  return {
    title: REPORTS.negotiation.title,
    columns: COLUMNS,
    rows,
    totals: null,
    tables: [{ title: 'Resumo', columns: SUMMARY_COLUMNS, rows: summary }],
    ...pageInfo(ctx, total),
  };
};
