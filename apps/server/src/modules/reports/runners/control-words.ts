import { REPORTS, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { channelNameSql, pageInfo, pageSql, userNameSql, when } from './part2-helpers';

// Control words found in operators' messages and contacts' edited names (control_word_logs): one row per word
// found, and the count of each word in a table of its own.

export const CONTROL_WORD_KIND_LABEL: Record<string, string> = { message: 'Mensagem', name: 'Nome' };

const COLUMNS: TReportTable['columns'] = [
  { key: 'word', label: 'Palavra', kind: 'text' },
  { key: 'kind', label: 'Onde', kind: 'text' },
  { key: 'contact', label: 'Contato', kind: 'text' },
  { key: 'operator', label: 'Operador', kind: 'text' },
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'at', label: 'Quando', kind: 'datetime' },
];

export const runControlWords: ReportRunner = async (ctx) => {
  const f = ctx.filters;
  const base = sql`
    from control_word_logs l
    cross join lateral unnest(l.words) as w(word)
    join users u on u.company_id = l.company_id and u.id = l.user_id
    left join attendances a on a.company_id = l.company_id and a.id = l.attendance_id
    left join contacts c on c.company_id = a.company_id and c.id = a.contact_id
    left join channels ch on ch.company_id = a.company_id and ch.id = a.channel_id
    where l.company_id = ${ctx.companyId}
      and l.created_at >= ${ctx.from.toISOString()}::timestamptz and l.created_at < ${ctx.to.toISOString()}::timestamptz
      ${f.operator_id ? sql`and l.user_id = ${f.operator_id}` : sql``}
      ${f.channel_id ? sql`and a.channel_id = ${f.channel_id}` : sql``}`;
  const r = await ctx.db.execute<{
    word: string;
    kind: string;
    contact: string | null;
    operator: string;
    channel: string | null;
    created_at: string;
  }>(sql`
    select w.word, l.kind, coalesce(c.name, a.name) as contact, ${userNameSql('u')} as operator,
           case when ch.id is null then null else ${channelNameSql} end as channel, l.created_at
    ${base}
    order by l.created_at desc, l.id desc, w.word ${pageSql(ctx)}`);
  const perWord = await ctx.db.execute<{ word: string; n: number }>(
    sql`select w.word, count(*)::int as n ${base} group by w.word order by n desc, w.word`,
  );
  const total = perWord.rows.reduce((s, w) => s + w.n, 0);
  return {
    title: REPORTS['control-words'].title,
    columns: COLUMNS,
    rows: r.rows.map((row) => ({
      word: row.word,
      kind: CONTROL_WORD_KIND_LABEL[row.kind] ?? row.kind,
      contact: row.contact ?? '',
      operator: row.operator,
      channel: row.channel ?? '',
      at: when(ctx, row.created_at),
    })),
    totals: total > 0 ? { word: 'Total', kind: `${total} ocorrência(s)` } : null,
    tables: [
      {
        title: 'Total por palavra',
        columns: [
          { key: 'word', label: 'Palavra', kind: 'text' },
          { key: 'count', label: 'Ocorrências', kind: 'int' },
        ],
        rows: perWord.rows.map((w) => ({ word: w.word, count: w.n })),
      },
    ],
    ...pageInfo(ctx, total),
  };
};
