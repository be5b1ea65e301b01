import { REPORTS, type TReportTable } from '@prosa/shared/reports';
import { TRIGGER_TYPE_LABEL, type TTriggerType } from '@prosa/shared/triggers';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { contactPhoneSql, pageInfo, phoneDigits, slicePage, when } from './part2-helpers';

// Trigger firings are the messages the trigger engine stores (modules/triggers/engine-support.ts sendTrigger):
// metadata.trigger names the kind and metadata.trigger_id the text trigger. The messages one firing sends share
// its run's instant (sent_at), so one firing is one (attendance, instant) of a trigger.

const kindSql = sql`case when m.metadata->>'trigger' in ('agreement_accepted', 'agreement_refused')
  then 'agreement' else m.metadata->>'trigger' end`;

const COLUMNS: TReportTable['columns'] = [
  { key: 'trigger', label: 'Gatilho', kind: 'text' },
  { key: 'type', label: 'Tipo', kind: 'text' },
  { key: 'fired', label: 'Disparos', kind: 'int' },
  { key: 'attendances', label: 'Atendimentos', kind: 'int' },
  { key: 'last_fired', label: 'Último disparo', kind: 'datetime' },
];

export const runTriggers: ReportRunner = async (ctx) => {
  const digits = phoneDigits(ctx.filters.phone);
  const channelId = ctx.filters.channel_id ?? 0;
  const fired = sql`
    select ${kindSql} as kind, (m.metadata->>'trigger_id')::int as trigger_id, m.attendance_id, m.sent_at
    from messages m
    join attendances a on a.company_id = m.company_id and a.id = m.attendance_id
    ${digits ? sql`join contacts c on c.company_id = a.company_id and c.id = a.contact_id` : sql``}
    where m.company_id = ${ctx.companyId} and m.sender_type = 1 and m.metadata ? 'trigger'
      and a.channel_id = ${channelId}
      and m.sent_at >= ${ctx.from.toISOString()}::timestamptz and m.sent_at < ${ctx.to.toISOString()}::timestamptz
      ${digits ? sql`and ${contactPhoneSql(digits)}` : sql``}`;
  const r = await ctx.db.execute<{
    kind: string;
    trigger_id: number | null;
    name: string | null;
    fired: number;
    attendances: number;
    last_fired: string;
  }>(sql`
    with f as (${fired})
    select f.kind, f.trigger_id,
           coalesce(nullif(t.name, ''), nullif(t.trigger_text, ''), nullif(o.name, '')) as name,
           count(distinct (f.attendance_id, f.sent_at))::int as fired,
           count(distinct f.attendance_id)::int as attendances,
           max(f.sent_at) as last_fired
    from f
    left join triggers t on t.company_id = ${ctx.companyId} and t.id = f.trigger_id
    left join triggers o on o.company_id = ${ctx.companyId} and o.channel_id = ${channelId}
      and o.trigger_type = f.kind and f.kind <> 'text'
    group by f.kind, f.trigger_id, t.name, t.trigger_text, o.name
    order by fired desc, f.kind, f.trigger_id`);
  const [all] = (
    await ctx.db.execute<{ fired: number; attendances: number }>(sql`
      with f as (${fired})
      select count(distinct (f.kind, f.trigger_id, f.attendance_id, f.sent_at))::int as fired,
             count(distinct f.attendance_id)::int as attendances
      from f`)
  ).rows;
  const label = (kind: string) => TRIGGER_TYPE_LABEL[kind as TTriggerType] ?? kind;
  const rows = r.rows.map((row) => ({
    trigger: row.name ?? label(row.kind),
    type: label(row.kind),
    fired: row.fired,
    attendances: row.attendances,
    last_fired: when(ctx, row.last_fired),
  }));
  return {
    title: REPORTS.triggers.title,
    columns: COLUMNS,
    rows: slicePage(ctx, rows),
    totals:
      rows.length > 0
        ? {
            trigger: 'Total',
            type: '',
            fired: all?.fired ?? 0,
            attendances: all?.attendances ?? 0,
            last_fired: '',
          }
        : null,
    ...pageInfo(ctx, rows.length),
  };
};
