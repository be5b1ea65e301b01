import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

// The dashboards' reads. Period figures (whole local days) come from the report_daily rollups (booking rules
// in db/schema/reports.ts); "now" and the per-attendance lists from the live tables.

export type Period = { from: Date; to: Date; tz: string };
export type Scope = { sectorId: number | null; channelId: number | null };

const n = (v: unknown) => Number(v ?? 0);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** The local calendar day of an instant in the period's timezone (SQL date). */
const localDay = (d: Date, tz: string) => sql`(${d.toISOString()}::timestamptz at time zone ${tz})::date`;

/**
 * Daily-rollup filters: company, the period's local days (from and to are local midnights), and the optional
 * sector and channel.
 */
function rollupWhere(companyId: number, p: Period, scope: Scope, alias = 'r') {
  const a = sql.raw(alias);
  return sql`${a}.company_id = ${companyId} and ${a}.day >= ${localDay(p.from, p.tz)}
    and ${a}.day < ${localDay(p.to, p.tz)}
    ${scope.sectorId ? sql`and ${a}.sector_id = ${scope.sectorId}` : sql``}
    ${scope.channelId ? sql`and ${a}.channel_id = ${scope.channelId}` : sql``}`;
}

type BusinessRow = {
  gd: number;
  gc: number;
  gs: number;
  day: string | null;
  channel_id: number | null;
  sector_id: number | null;
  channel: string | null;
  channel_deleted_at: string | null;
  sector: string | null;
} & Record<'opened' | 'closed' | 'frs' | 'frc' | 'hs' | 'hc' | 'ws' | 'wc' | 'sla' | 'mi' | 'mo', unknown>;

/**
 * The business dashboard's rollup figures in one pass over report_daily (GROUPING SETS): the period's totals,
 * opened / closed per day, opened per channel and opened / closed per sector.
 */
export async function rollupBusiness(db: Db, companyId: number, p: Period, scope: Scope) {
  const list = await rows<BusinessRow>(
    db,
    sql`with g as (
        select grouping(r.day) gd, grouping(r.channel_id) gc, grouping(r.sector_id) gs,
          r.day, r.channel_id, r.sector_id, sum(opened) opened, sum(closed) closed,
          sum(first_response_sum) frs, sum(first_response_count) frc, sum(handling_sum) hs,
          sum(handling_count) hc, sum(waiting_sum) ws, sum(waiting_count) wc, sum(sla_breaches) sla,
          sum(messages_in) mi, sum(messages_out) mo
        from report_daily r where ${rollupWhere(companyId, p, scope)}
        group by grouping sets ((), (r.day), (r.channel_id), (r.sector_id)))
      select g.gd, g.gc, g.gs, to_char(g.day, 'YYYY-MM-DD') as day, g.channel_id, g.sector_id, g.opened, g.closed,
        g.frs, g.frc, g.hs, g.hc, g.ws, g.wc, g.sla, g.mi, g.mo, c.name channel, c.deleted_at channel_deleted_at,
        s.name sector
      from g
      left join channels c on g.gc = 0 and c.company_id = ${companyId} and c.id = g.channel_id
      left join sectors s on g.gs = 0 and s.company_id = ${companyId} and s.id = g.sector_id`,
  );
  const avg = (sum: unknown, count: unknown) => (n(count) > 0 ? Math.round(n(sum) / n(count)) : null);
  const t = list.find((r) => r.gd === 1 && r.gc === 1 && r.gs === 1);
  const cards = {
    opened: n(t?.opened),
    closed: n(t?.closed),
    firstResponse: avg(t?.frs, t?.frc),
    tma: avg(t?.hs, t?.hc),
    tme: avg(t?.ws, t?.wc),
    slaBreaches: n(t?.sla),
    messagesIn: n(t?.mi),
    messagesOut: n(t?.mo),
  };
  const byDay = list
    .filter((r) => r.gd === 0 && r.day !== null)
    .map((r) => ({ day: r.day as string, opened: n(r.opened), closed: n(r.closed) }))
    .sort((x, y) => x.day.localeCompare(y.day));
  const byChannel = list
    .filter((r) => r.gc === 0 && r.channel_id !== 0 && n(r.opened) > 0)
    .map((r) => ({
      id: Number(r.channel_id),
      name: r.channel,
      deleted_at: r.channel_deleted_at,
      opened: n(r.opened),
    }))
    .sort((x, y) => y.opened - x.opened || x.id - y.id);
  const bySector = list
    .filter((r) => r.gs === 0 && r.sector_id !== 0 && n(r.opened) + n(r.closed) > 0)
    .map((r) => ({ id: Number(r.sector_id), name: r.sector, opened: n(r.opened), closed: n(r.closed) }))
    .sort((x, y) => y.opened - x.opened || x.id - y.id);
  return { cards, byDay, byChannel, bySector };
}

/**
 * Attendances opened in the period per area code of the contact's phone (channels whose contacts are phone
 * numbers), the 55 country code optional.
 */
export async function openedByDdd(db: Db, companyId: number, p: Period, scope: Scope) {
  const list = await rows<{ ddd: string; total: unknown }>(
    db,
    sql`select ddd, count(*) total from (
        select case when x.d ~ '^55[0-9]{10,11}$' then substr(x.d, 3, 2)
                    when x.d ~ '^[0-9]{10,11}$' then substr(x.d, 1, 2) end ddd
        from attendances a
        join contacts c on c.company_id = a.company_id and c.id = a.contact_id
        cross join lateral (select regexp_replace(c.external_id, '[^0-9]', '', 'g') d) x
        where a.company_id = ${companyId} and a.created_at >= ${p.from} and a.created_at < ${p.to}
          and a.channel_kind in ('waweb', 'waent', 'sms')
          ${scope.sectorId ? sql`and a.sector_id = ${scope.sectorId}` : sql``}
          ${scope.channelId ? sql`and a.channel_id = ${scope.channelId}` : sql``}
      ) t where ddd is not null group by ddd`,
  );
  return list.map((r) => ({ ddd: r.ddd, total: n(r.total) }));
}

/** Attendances created and closed in each hour of the period (live table: today's monitor has no lag). */
export async function liveByHour(db: Db, companyId: number, p: Period) {
  const list = await rows<{ h: number; opened: unknown; closed: unknown }>(
    db,
    sql`select h, sum(o) opened, sum(c) closed from (
        select extract(hour from created_at at time zone ${p.tz})::int h, 1 o, 0 c from attendances
          where company_id = ${companyId} and created_at >= ${p.from} and created_at < ${p.to}
        union all
        select extract(hour from closed_at at time zone ${p.tz})::int h, 0, 1 from attendances
          where company_id = ${companyId} and closed_at >= ${p.from} and closed_at < ${p.to}
      ) t group by h`,
  );
  return list.map((r) => ({ h: n(r.h), opened: n(r.opened), closed: n(r.closed) }));
}

/** The sectors (not deleted) of each active operator of the company. */
export async function operatorSectors(db: Db, companyId: number) {
  return rows<{ user_id: number; sector_id: number; name: string }>(
    db,
    sql`select us.user_id, us.sector_id, s.name from user_sectors us
      join sectors s on s.company_id = us.company_id and s.id = us.sector_id and s.deleted_at is null
      where us.company_id = ${companyId} order by s.name, s.id`,
  );
}

export type DashboardUser = { id: number; name: string; role: number; inactive_since: string | null };

/** Operators and managers of the company (the platform owner and admins are not measured), by name. */
export async function dashboardUsers(
  db: Db,
  companyId: number,
  opts: { sectorId: number | null; userId: number | null; operatorsOnly: boolean },
) {
  return rows<DashboardUser>(
    db,
    sql`select u.id, u.display_name as name, u.role, u.inactive_since from users u
      where u.company_id = ${companyId} and u.role ${opts.operatorsOnly ? sql`= 0` : sql`in (0, 1)`}
        ${opts.userId ? sql`and u.id = ${opts.userId}` : sql``}
        ${
          opts.sectorId
            ? sql`and exists (select 1 from user_sectors us where us.company_id = u.company_id
                and us.user_id = u.id and us.sector_id = ${opts.sectorId})`
            : sql``
        }
      order by u.display_name, u.id`,
  );
}

/** Closings per operator from the rollups: count, successes (statuses.success), handling and waiting. */
export async function closingsByOperator(db: Db, companyId: number, p: Period, scope: Scope) {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select r.operator_id id, sum(r.closed) closed, sum(r.closed) filter (where s.success) success,
      sum(r.handling_sum) hs, sum(r.handling_count) hc, sum(r.waiting_sum) ws, sum(r.waiting_count) wc
      from report_daily r left join statuses s on s.company_id = r.company_id and s.id = r.status_id
      where ${rollupWhere(companyId, p, scope)} and r.operator_id <> 0 group by r.operator_id`,
  );
  return new Map(
    list.map((r) => [
      n(r.id),
      { closed: n(r.closed), success: n(r.success), hs: n(r.hs), hc: n(r.hc), ws: n(r.ws), wc: n(r.wc) },
    ]),
  );
}

/** Count started in the period and seconds inside it of periods (sessions or pauses; open ones until now). */
async function periodsByUser(
  db: Db,
  table: 'operator_sessions' | 'user_pauses',
  companyId: number,
  p: Period,
) {
  const t = sql.raw(table);
  const list = await rows<{ user_id: number; started: unknown; secs: unknown }>(
    db,
    sql`select user_id, count(*) filter (where started_at >= ${p.from}) started,
      sum(greatest(0, extract(epoch from least(coalesce(ended_at, now()), ${p.to}::timestamptz)
        - greatest(started_at, ${p.from}::timestamptz)))) secs
      from ${t} where company_id = ${companyId} and started_at < ${p.to}
        and (ended_at is null or ended_at > ${p.from}) group by user_id`,
  );
  return new Map(list.map((r) => [r.user_id, { count: n(r.started), seconds: Math.round(n(r.secs)) }]));
}

export const sessionsByUser = (db: Db, companyId: number, p: Period) =>
  periodsByUser(db, 'operator_sessions', companyId, p);
export const pausesByUser = (db: Db, companyId: number, p: Period) =>
  periodsByUser(db, 'user_pauses', companyId, p);

/** Attendances each user opened in the period (attendance flows). */
export async function openedByUser(db: Db, companyId: number, p: Period) {
  const list = await rows<{ id: number; total: unknown }>(
    db,
    sql`select opened_by id, count(*) total from attendance_flows where company_id = ${companyId}
      and opened_by is not null and opened_at >= ${p.from} and opened_at < ${p.to} group by opened_by`,
  );
  return new Map(list.map((r) => [r.id, n(r.total)]));
}

/**
 * Attendances each user handled (held at some point) that were open during the period: the flow records still
 * open or closed since the period's start, counted per list of holders (an index-only scan of
 * attendance_flows_closed_idx; few distinct lists), then per holder. responsible_ids holds each operator once
 * (report-rollups/flows.ts), so the sum counts attendances.
 */
export async function handledByUser(db: Db, companyId: number, p: Period) {
  const list = await rows<{ id: number; total: unknown }>(
    db,
    sql`select u id, sum(g.n) total from (
        select r, count(*) n from (
          select f.responsible_ids r from attendance_flows f
          where f.company_id = ${companyId} and f.closed_at >= ${p.from} and f.opened_at < ${p.to}
          union all
          select f.responsible_ids from attendance_flows f
          where f.company_id = ${companyId} and f.closed_at is null and f.opened_at < ${p.to}
        ) x group by r
      ) g cross join lateral unnest(g.r) u group by u`,
  );
  return new Map(list.map((r) => [r.id, n(r.total)]));
}

export type DetailAttendance = {
  protocol: string;
  contact: string;
  channel: string | null;
  channel_deleted_at: string | null;
  sector: string | null;
  status: string | null;
  created_at: string;
  closed_at: string | null;
  total: unknown;
};

/** A user's attendances open during the period (held, closed or assigned by the user), newest first. */
export async function userAttendances(
  db: Db,
  companyId: number,
  userId: number,
  p: Period,
  page: { limit: number | null; offset: number },
) {
  return rows<DetailAttendance>(
    db,
    sql`select a.protocol, a.name contact, ch.name channel, ch.deleted_at channel_deleted_at, se.name sector,
        st.name status, a.created_at, a.closed_at, count(*) over () total
      from attendances a
      left join attendance_flows f on f.company_id = a.company_id and f.attendance_id = a.id
      left join channels ch on ch.company_id = a.company_id and ch.id = a.channel_id
      left join sectors se on se.company_id = a.company_id and se.id = a.sector_id
      left join statuses st on st.company_id = a.company_id and st.id = a.status_id
      where a.company_id = ${companyId} and a.created_at < ${p.to}
        and (a.closed_at is null or a.closed_at >= ${p.from})
        and (a.operator_assigned_id = ${userId} or a.closed_by_user_id = ${userId}
          or ${userId} = any(coalesce(f.responsible_ids, '{}'::integer[])))
      order by a.created_at desc, a.id desc
      ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`,
  );
}

export type DetailPause = {
  reason: string | null;
  started_at: string;
  ended_at: string | null;
  duration: unknown;
  total: unknown;
};

/** A user's pauses started in the period, newest first. */
export async function userPausesIn(
  db: Db,
  companyId: number,
  userId: number,
  p: Period,
  page: { limit: number | null; offset: number },
) {
  return rows<DetailPause>(
    db,
    sql`select r.title reason, up.started_at, up.ended_at,
        round(extract(epoch from coalesce(up.ended_at, now()) - up.started_at)) duration, count(*) over () total
      from user_pauses up left join pause_reasons r on r.company_id = up.company_id and r.id = up.reason_id
      where up.company_id = ${companyId} and up.user_id = ${userId}
        and up.started_at >= ${p.from} and up.started_at < ${p.to}
      order by up.started_at desc, up.id desc
      ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`,
  );
}

export async function findUser(db: Db, companyId: number, userId: number) {
  const [u] = await rows<DashboardUser>(
    db,
    sql`select id, display_name as name, role, inactive_since from users where company_id = ${companyId} and id = ${userId}`,
  );
  return u ?? null;
}

/** Whether a sector / channel id belongs to the company (filters of another company answer 404). */
export async function ownsFilterIds(db: Db, companyId: number, scope: Scope) {
  const [r] = await rows<{ s: boolean; c: boolean }>(
    db,
    sql`select ${scope.sectorId ? sql`exists (select 1 from sectors where company_id = ${companyId} and id = ${scope.sectorId})` : sql`true`} s,
      ${scope.channelId ? sql`exists (select 1 from channels where company_id = ${companyId} and id = ${scope.channelId})` : sql`true`} c`,
  );
  return Boolean(r?.s && r?.c);
}

/** Saves dashboard.team_goal in the company metadata, keeping every other key. */
export async function storeTeamGoal(db: Db, companyId: number, goal: number) {
  await db.execute(
    sql`update companies set metadata = jsonb_set(coalesce(metadata, '{}'::jsonb), '{dashboard}',
      coalesce(metadata->'dashboard', '{}'::jsonb) || jsonb_build_object('team_goal', ${goal}::int))
      where id = ${companyId}`,
  );
}
