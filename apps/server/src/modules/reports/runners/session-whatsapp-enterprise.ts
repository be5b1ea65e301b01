import { REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { at, brDay, channelInfos, rowsOf, sumRows } from './common';

const COLUMNS: TReportColumn[] = [
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'day', label: 'Dia', kind: 'date' },
  { key: 'customer', label: 'Sessões iniciadas pelo cliente', kind: 'int' },
  { key: 'business', label: 'Sessões iniciadas pela empresa', kind: 'int' },
  { key: 'total', label: 'Total', kind: 'int' },
];

const WINDOW_MS = 24 * 3600 * 1000;
// Messages this long before the period are read too, so a window opened before it is known (two windows back
// covers a business-initiated one that itself followed another).
const LOOKBACK_MS = 2 * WINDOW_MS;

type Msg = { channel_id: number; contact_id: number; sent_at: Date; inbound: boolean; day: string };

/**
 * WhatsApp Enterprise conversation windows per number and day (spec 3 §7), from the messages of attendances on
 * waent channels. Customer-initiated: a customer message 24 h or more after that contact's previous customer
 * message on that number (or the first). Business-initiated: a template (HSM) sent with no window open — no
 * customer message in the last 24 h and no business window opened in the last 24 h.
 */
export const runSessionWhatsappEnterprise: ReportRunner = async (ctx) => {
  const def = REPORTS['session-whatsapp-enterprise'];
  const lookFrom = new Date(ctx.from.getTime() - LOOKBACK_MS);
  const msgs = await rowsOf<Msg>(
    ctx.db,
    sql`select a.channel_id, a.contact_id, m.sent_at, m.sender_type = 0 as inbound,
          to_char(m.sent_at at time zone ${ctx.tz}, 'YYYY-MM-DD') as day
        from messages m
        join attendances a on a.company_id = m.company_id and a.id = m.attendance_id
        where m.company_id = ${ctx.companyId} and a.channel_kind = 'waent'
          and m.sent_at >= ${at(lookFrom)} and m.sent_at < ${at(ctx.to)}
          and (m.sender_type = 0 or m.metadata ?| array['hsm', 'template'])
          ${ctx.filters.channel_id ? sql`and a.channel_id = ${ctx.filters.channel_id}` : sql``}
        order by a.channel_id, a.contact_id, m.sent_at, m.id`,
  );
  const table: TReportTable = { title: def.title, columns: COLUMNS, rows: [], totals: null };
  const counts = new Map<string, { channel_id: number; day: string; customer: number; business: number }>();
  const from = ctx.from.getTime();
  let key = '';
  let lastCustomer: number | null = null;
  let lastBusiness: number | null = null;
  for (const m of msgs) {
    const k = `${m.channel_id}:${m.contact_id}`;
    if (k !== key) {
      key = k;
      lastCustomer = null;
      lastBusiness = null;
    }
    const t = new Date(m.sent_at).getTime();
    const customerOpen = lastCustomer !== null && t - lastCustomer < WINDOW_MS;
    let kind: 'customer' | 'business' | null = null;
    if (m.inbound) {
      if (!customerOpen) kind = 'customer';
      lastCustomer = t;
    } else if (!customerOpen && (lastBusiness === null || t - lastBusiness >= WINDOW_MS)) {
      kind = 'business';
      lastBusiness = t;
    }
    if (!kind || t < from) continue;
    const slot = `${m.channel_id}:${m.day}`;
    const c = counts.get(slot) ?? { channel_id: m.channel_id, day: m.day, customer: 0, business: 0 };
    c[kind] += 1;
    counts.set(slot, c);
  }
  if (counts.size === 0) return table;
  const channels = await channelInfos(ctx.db, ctx.companyId);
  table.rows = [...counts.values()]
    .map((c) => ({
      channel: channels.get(c.channel_id)?.name ?? `#${c.channel_id}`,
      iso: c.day,
      customer: c.customer,
      business: c.business,
    }))
    .sort((a, b) => a.channel.localeCompare(b.channel, 'pt-BR') || a.iso.localeCompare(b.iso))
    .map(({ iso, ...r }) => ({
      channel: r.channel,
      day: brDay(iso),
      customer: r.customer,
      business: r.business,
      total: r.customer + r.business,
    }));
  table.totals = sumRows(table.rows, ['customer', 'business', 'total'], { key: 'channel', label: 'Total' });
  return table;
};
