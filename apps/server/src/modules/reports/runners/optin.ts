import {
  OPTIN_KIND_LABELS,
  SUBSCRIBER_SOURCE_LABELS,
  type TOptinChannelKind,
  type TSubscriberSource,
} from '@prosa/shared/optin';
import { REPORTS, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { channelNameSql, pageInfo, slicePage } from './part2-helpers';

// Opt-in and opt-out per channel and source. A subscription keeps its current state and when it last changed
// (subscribers.updated_at, source): one whose last change fell in the period counts as an opt-in when active
// now, as an opt-out when inactive.

const COLUMNS: TReportTable['columns'] = [
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'kind', label: 'Tipo', kind: 'text' },
  { key: 'source', label: 'Origem', kind: 'text' },
  { key: 'optin', label: 'Inscrições', kind: 'int' },
  { key: 'optout', label: 'Cancelamentos', kind: 'int' },
  { key: 'total', label: 'Total', kind: 'int' },
];

export const runOptin: ReportRunner = async (ctx) => {
  const r = await ctx.db.execute<{
    channel: string;
    kind: string;
    source: string;
    optin: number;
    optout: number;
  }>(sql`
    select ${channelNameSql} as channel, ch.kind, s.source,
           count(*) filter (where s.subscriber_status = 'active')::int as optin,
           count(*) filter (where s.subscriber_status = 'inactive')::int as optout
    from subscribers s
    join channels ch on ch.company_id = s.company_id and ch.id = s.channel_id
    where s.company_id = ${ctx.companyId}
      and s.updated_at >= ${ctx.from.toISOString()}::timestamptz and s.updated_at < ${ctx.to.toISOString()}::timestamptz
      ${ctx.filters.channel_id ? sql`and s.channel_id = ${ctx.filters.channel_id}` : sql``}
    group by ch.id, ch.name, ch.deleted_at, ch.kind, s.source
    order by ch.name, ch.id, s.source`);
  const rows = r.rows.map((row) => ({
    channel: row.channel,
    kind: OPTIN_KIND_LABELS[row.kind as TOptinChannelKind] ?? row.kind,
    source: SUBSCRIBER_SOURCE_LABELS[row.source as TSubscriberSource] ?? row.source,
    optin: row.optin,
    optout: row.optout,
    total: row.optin + row.optout,
  }));
  const sum = (k: 'optin' | 'optout' | 'total') => rows.reduce((s, row) => s + row[k], 0);
  return {
    title: REPORTS.optin.title,
    columns: COLUMNS,
    rows: slicePage(ctx, rows),
    totals:
      rows.length > 0
        ? {
            channel: 'Total',
            kind: '',
            source: '',
            optin: sum('optin'),
            optout: sum('optout'),
            total: sum('total'),
          }
        : null,
    ...pageInfo(ctx, rows.length),
  };
};
