import type { TTransferReason } from '@prosa/shared/facts';
import { REPORTS, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import type { ReportRunner } from '../types';
import { channelNameSql, pageInfo, pageSql, userNameSql, userNames, when } from './part2-helpers';

// The attendance-flow report (spec 3 §3 Attendance flow record): one row per attendance opened in the period,
// read from attendance_flows (the reports consumer keeps it), and the transfers timeline of one attendance.

const COLUMNS: TReportTable['columns'] = [
  { key: 'protocol', label: 'Protocolo', kind: 'text' },
  { key: 'contact', label: 'Contato', kind: 'text' },
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'opened_at', label: 'Aberto em', kind: 'datetime' },
  { key: 'opened_by', label: 'Aberto por', kind: 'text' },
  { key: 'closed_by', label: 'Encerrado por', kind: 'text' },
  { key: 'closed_at', label: 'Encerrado em', kind: 'datetime' },
  { key: 'responsibles', label: 'Responsáveis', kind: 'text' },
  { key: 'transfers', label: 'Transferências', kind: 'int' },
];

/** Who opened it when no user did (the contact wrote first). */
export const FLOW_OPENED_BY_CONTACT = 'Cliente';
/** Who closed it when no user did (the bot, the inactivity timer). */
export const FLOW_CLOSED_AUTOMATICALLY = 'Automático';

export const runAttendanceFlow: ReportRunner = async (ctx) => {
  const f = ctx.filters;
  // The filters on the attendance go as EXISTS, so that both the page and the count read attendance_flows
  // alone, in its (company_id, opened_at) index order; names are joined for the page's rows only.
  const onAttendance = [
    f.channel_id ? sql`and a2.channel_id = ${f.channel_id}` : null,
    f.sector_id ? sql`and a2.sector_id = ${f.sector_id}` : null,
  ].filter((x) => x !== null);
  const where = sql`
    f.company_id = ${ctx.companyId}
      and f.opened_at >= ${ctx.from.toISOString()}::timestamptz and f.opened_at < ${ctx.to.toISOString()}::timestamptz
      ${f.operator_id ? sql`and ${f.operator_id} = any(f.responsible_ids)` : sql``}
      ${
        onAttendance.length > 0
          ? sql`and exists (select 1 from attendances a2 where a2.company_id = f.company_id
              and a2.id = f.attendance_id ${sql.join(onAttendance, sql` `)})`
          : sql``
      }`;
  const r = await ctx.db.execute<{
    attendance_id: number;
    protocol: string;
    contact: string;
    channel: string;
    opened_at: string;
    opened_by: number | null;
    closed_at: string | null;
    closed_by: number | null;
    responsible_ids: number[];
    transfers: number;
  }>(sql`
    select f.attendance_id, a.protocol, coalesce(c.name, a.name) as contact, ${channelNameSql} as channel,
           f.opened_at, f.opened_by, f.closed_at, f.closed_by, f.responsible_ids, f.transfers
    from (select f.* from attendance_flows f where ${where}
          order by f.opened_at, f.attendance_id ${pageSql(ctx)}) f
    join attendances a on a.company_id = f.company_id and a.id = f.attendance_id
    join channels ch on ch.company_id = a.company_id and ch.id = a.channel_id
    left join contacts c on c.company_id = a.company_id and c.id = a.contact_id
    order by f.opened_at, f.attendance_id`);
  const [count] = (
    await ctx.db.execute<{ n: number; transfers: number }>(
      sql`select count(*)::int as n, coalesce(sum(f.transfers), 0)::int as transfers
          from attendance_flows f where ${where}`,
    )
  ).rows;
  const names = await userNames(
    ctx,
    r.rows.flatMap((row) => [row.opened_by, row.closed_by, ...(row.responsible_ids ?? [])]),
  );
  const name = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));
  const total = count?.n ?? 0;
  return {
    title: REPORTS['attendance-flow'].title,
    columns: COLUMNS,
    rows: r.rows.map((row) => ({
      attendance_id: Number(row.attendance_id),
      protocol: row.protocol,
      contact: row.contact,
      channel: row.channel,
      opened_at: when(ctx, row.opened_at),
      opened_by: row.opened_by === null ? FLOW_OPENED_BY_CONTACT : name(row.opened_by),
      closed_by:
        row.closed_at === null
          ? ''
          : row.closed_by === null
            ? FLOW_CLOSED_AUTOMATICALLY
            : name(row.closed_by),
      closed_at: when(ctx, row.closed_at),
      responsibles: (row.responsible_ids ?? []).map(name).filter(Boolean).join(', '),
      transfers: row.transfers,
    })),
    totals:
      total > 0
        ? { protocol: 'Total', contact: `${total} atendimento(s)`, transfers: count?.transfers ?? 0 }
        : null,
    ...pageInfo(ctx, total),
  };
};

/** Why an attendance changed hands (attendance_transfers.reason), in Portuguese. */
export const TRANSFER_REASON_LABEL: Record<TTransferReason, string> = {
  transfer: 'Transferência',
  take: 'Assumido por um operador',
  distribution: 'Distribuição automática',
  requeue: 'Devolvido à fila',
  sla: 'Tempo de SLA esgotado',
  schedule_return: 'Retorno de agendamento',
  operator_offline: 'Operador ficou offline',
  active: 'Mensagem ativa',
  reopen: 'Reabertura',
};

export type TAttendanceFlowDetail = {
  attendance_id: number;
  protocol: string;
  contact: string;
  transfers: {
    at: string;
    from_sector: string;
    to_sector: string;
    from_operator: string;
    to_operator: string;
    by: string;
    reason: string;
  }[];
};

/**
 * One attendance's transfers, oldest first (from → to sector and operator, by whom, when, why); null when the
 * attendance is not the company's. `at` is an ISO instant (the screen shows it in the company's timezone).
 */
export async function attendanceFlowDetail(
  db: Db,
  companyId: number,
  attendanceId: number,
): Promise<TAttendanceFlowDetail | null> {
  const [a] = (
    await db.execute<{ id: number; protocol: string; contact: string }>(sql`
      select a.id, a.protocol, coalesce(c.name, a.name) as contact
      from attendances a left join contacts c on c.company_id = a.company_id and c.id = a.contact_id
      where a.company_id = ${companyId} and a.id = ${attendanceId}`)
  ).rows;
  if (!a) return null;
  const r = await db.execute<{
    at: string | Date;
    from_sector: string | null;
    to_sector: string | null;
    from_operator: string | null;
    to_operator: string | null;
    by: string | null;
    reason: TTransferReason;
  }>(sql`
    select t.at, fs.name as from_sector, ts.name as to_sector,
           ${userNameSql('fo')} as from_operator, ${userNameSql('tu')} as to_operator, ${userNameSql('bu')} as by,
           t.reason
    from attendance_transfers t
    left join sectors fs on fs.company_id = t.company_id and fs.id = t.from_sector_id
    left join sectors ts on ts.company_id = t.company_id and ts.id = t.to_sector_id
    left join users fo on fo.company_id = t.company_id and fo.id = t.from_operator_id
    left join users tu on tu.company_id = t.company_id and tu.id = t.to_operator_id
    left join users bu on bu.company_id = t.company_id and bu.id = t.by_user_id
    where t.company_id = ${companyId} and t.attendance_id = ${attendanceId}
    order by t.at, t.id`);
  return {
    attendance_id: Number(a.id),
    protocol: a.protocol,
    contact: a.contact,
    transfers: r.rows.map((t) => ({
      at: new Date(t.at).toISOString(),
      from_sector: t.from_sector ?? '',
      to_sector: t.to_sector ?? '',
      from_operator: t.from_operator ?? '',
      to_operator: t.to_operator ?? '',
      by: t.by ?? 'Sistema',
      reason: TRANSFER_REASON_LABEL[t.reason] ?? t.reason,
    })),
  };
}
