import { REPORTS, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { channelNameSql, pageInfo, pageSql, userFilterSql, userNameSql, when } from './part2-helpers';

// Active sends (active_sends, one per active message an operator started) with the message each created: the
// attendance's last outgoing message stored before the send was counted (create-active*.ts store it first).

export const ACTIVE_DELIVERY_LABEL: Record<string, string> = {
  sending: 'Enviando',
  sent: 'Enviado',
  delivered: 'Entregue',
  read: 'Lido',
  error: 'Erro',
};
const STATES = ['sending', 'sent', 'delivered', 'read', 'error'] as const;

const COLUMNS: TReportTable['columns'] = [
  { key: 'operator', label: 'Operador', kind: 'text' },
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'contact', label: 'Contato', kind: 'text' },
  { key: 'phone', label: 'Telefone', kind: 'text' },
  { key: 'content', label: 'Modelo / texto', kind: 'text' },
  { key: 'sent_at', label: 'Enviado em', kind: 'datetime' },
  { key: 'state', label: 'Situação', kind: 'text' },
  { key: 'answered', label: 'Respondeu', kind: 'text' },
];

export const runActive: ReportRunner = async (ctx) => {
  const base = sql`
    select s.id, s.created_at, s.phone, s.template_id, s.attendance_id,
           ${userNameSql('u')} as operator, ${channelNameSql} as channel,
           coalesce(c.name, a.name, '') as contact, t.name as template,
           m.text, m.delivery,
           coalesce(exists(select 1 from messages r where r.company_id = s.company_id
             and r.attendance_id = s.attendance_id and r.sender_type = 0
             and r.created_at > coalesce(m.created_at, s.created_at)), false) as answered
    from active_sends s
    join users u on u.company_id = s.company_id and u.id = s.user_id
    join channels ch on ch.company_id = s.company_id and ch.id = s.channel_id
    left join attendances a on a.company_id = s.company_id and a.id = s.attendance_id
    left join contacts c on c.company_id = a.company_id and c.id = a.contact_id
    left join hsm_templates t on t.id = s.template_id
    left join lateral (
      select x.text, x.delivery, x.created_at from messages x
      where x.company_id = s.company_id and x.attendance_id = s.attendance_id and x.sender_type = 1
        and x.created_at <= s.created_at
      order by x.id desc limit 1
    ) m on true
    where s.company_id = ${ctx.companyId}
      and s.created_at >= ${ctx.from.toISOString()}::timestamptz and s.created_at < ${ctx.to.toISOString()}::timestamptz
      and ${userFilterSql(ctx, sql`s.user_id`, 'u')}
      ${ctx.filters.channel_id ? sql`and s.channel_id = ${ctx.filters.channel_id}` : sql``}`;
  const r = await ctx.db.execute<{
    created_at: string;
    phone: string;
    operator: string;
    channel: string;
    contact: string;
    template: string | null;
    text: string | null;
    delivery: string | null;
    answered: boolean;
  }>(sql`${base} order by s.created_at desc, s.id desc ${pageSql(ctx)}`);
  const counts = await ctx.db.execute<{ delivery: string | null; n: number; answered: number }>(sql`
    with b as (${base})
    select coalesce(b.delivery, 'sent') as delivery, count(*)::int as n,
      count(*) filter (where b.answered)::int as answered
    from b group by 1`);
  const total = counts.rows.reduce((s, c) => s + c.n, 0);
  const answered = counts.rows.reduce((s, c) => s + c.answered, 0);
  // A send without its message counts as sent (one group with the sent ones).
  const byState = new Map(counts.rows.map((c) => [c.delivery ?? 'sent', c.n]));
  return {
    title: REPORTS.active.title,
    columns: COLUMNS,
    rows: r.rows.map((row) => ({
      operator: row.operator,
      channel: row.channel,
      contact: row.contact,
      phone: row.phone,
      content: row.template ?? row.text ?? '',
      sent_at: when(ctx, row.created_at),
      state: ACTIVE_DELIVERY_LABEL[row.delivery ?? 'sent'] ?? row.delivery ?? '',
      answered: row.answered ? 'Sim' : 'Não',
    })),
    totals:
      total > 0
        ? { operator: 'Total', channel: `${total} envio(s)`, answered: `${answered} respondido(s)` }
        : null,
    tables: [
      {
        title: 'Totais por situação',
        columns: [
          { key: 'state', label: 'Situação', kind: 'text' },
          { key: 'count', label: 'Quantidade', kind: 'int' },
        ],
        rows: [
          ...STATES.filter((s) => byState.has(s)).map((s) => ({
            state: ACTIVE_DELIVERY_LABEL[s] ?? s,
            count: byState.get(s) ?? 0,
          })),
          { state: 'Responderam', count: answered },
          { state: 'Total', count: total },
        ],
      },
    ],
    ...pageInfo(ctx, total),
  };
};
