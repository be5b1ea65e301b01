import { type SQL, sql } from 'drizzle-orm';

// The booking rules of report_hourly (db/schema/reports.ts) as SQL, shared by the consumer and the recompute:
// each source selects the rows of one kind of fact with its hour, dimensions and measures, restricted by a
// `where` the caller gives (a period for the recompute, the ids a batch of facts names for the consumer), so
// both book exactly the same thing.

export const DIMS = ['sector_id', 'operator_id', 'channel_id', 'status_id'] as const;

export const MEASURES = [
  'opened',
  'closed',
  'first_response_sum',
  'first_response_count',
  'handling_sum',
  'handling_count',
  'waiting_sum',
  'waiting_count',
  'messages_in',
  'messages_out',
  'sla_breaches',
  'transfers',
  'pauses',
  'pause_seconds',
  'sessions',
  'session_seconds',
] as const;
export type TMeasure = (typeof MEASURES)[number];

/** The transfer reasons counted as transfers: a user handing the card to another sector or operator. */
export const COUNTED_TRANSFER_REASONS = ['transfer'] as const;

/** One increment of report_hourly: its key (hour as ISO text) and the measures it adds. */
export type TBooking = {
  company_id: number;
  hour: string;
  sector_id: number;
  operator_id: number;
  channel_id: number;
  status_id: number;
} & Partial<Record<TMeasure, number>>;

/** The start of the hour of `ts` in the company's timezone (`c` is the companies row), as an instant. */
export const hourOf = (ts: SQL) =>
  sql`(date_trunc('hour', ${ts} at time zone c.timezone) at time zone c.timezone)`;

/** Whole seconds between two instants, never negative (null when either is null). */
const seconds = (to: SQL, from: SQL) =>
  sql`greatest(0, floor(extract(epoch from (${to} - ${from}))))::bigint`;

/** The select list of a source: the key, then every measure (0 unless given). */
function select(key: Record<'hour' | (typeof DIMS)[number], SQL>, measures: Partial<Record<TMeasure, SQL>>) {
  const parts: SQL[] = [
    sql`c.id as company_id`,
    sql`to_char(${key.hour} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as hour`,
  ];
  for (const d of DIMS) parts.push(sql`${key[d]}::int as ${sql.identifier(d)}`);
  for (const m of MEASURES)
    parts.push(sql`coalesce(${measures[m] ?? sql`0`}, 0)::bigint as ${sql.identifier(m)}`);
  return sql.join(parts, sql`, `);
}

// The sector an attendance opened in: the one it left at its first change of sector, or its sector.
const openingSector = sql`coalesce((
    select t.from_sector_id from attendance_transfers t
    where t.company_id = a.company_id and t.attendance_id = a.id
      and t.from_sector_id is not null and t.from_sector_id <> t.to_sector_id
    order by t.at, t.id limit 1
  ), a.sector_id)`;

/** opened: at the attendance's creation (alias a), its opening sector and channel. */
export const openedSource = (where: SQL) => sql`
  select ${select(
    {
      hour: hourOf(sql`a.created_at`),
      sector_id: openingSector,
      operator_id: sql`0`,
      channel_id: sql`a.channel_id`,
      status_id: sql`0`,
    },
    { opened: sql`1` },
  )}
  from attendances a join companies c on c.id = a.company_id
  where ${where}`;

// The first time an operator got the card.
const firstHeld = sql`(
    select min(t.at) from attendance_transfers t
    where t.company_id = a.company_id and t.attendance_id = a.id and t.to_operator_id is not null
  )`;

/**
 * The closing of each closed attendance (alias a) matching `where`, with its attendance_id: at closed_at, its
 * sector, operator, channel and status; first response = first operator answer - first message; handling =
 * closing - first message; waiting = first time an operator held it - first message; an SLA breach when it was
 * taken back for SLA at least once (sla_count > 0).
 */
export const closedSource = (where: SQL) => sql`
  select a.id::float8 as attendance_id, ${select(
    {
      hour: hourOf(sql`a.closed_at`),
      sector_id: sql`a.sector_id`,
      operator_id: sql`coalesce(a.operator_assigned_id, 0)`,
      channel_id: sql`a.channel_id`,
      status_id: sql`coalesce(a.status_id, 0)`,
    },
    {
      closed: sql`1`,
      first_response_sum: seconds(sql`a.first_operator_answer_at`, sql`a.first_start_chat_at`),
      first_response_count: sql`(a.first_operator_answer_at is not null)::int`,
      handling_sum: seconds(sql`a.closed_at`, sql`a.first_start_chat_at`),
      handling_count: sql`1`,
      waiting_sum: seconds(firstHeld, sql`a.first_start_chat_at`),
      waiting_count: sql`(${firstHeld} is not null)::int`,
      sla_breaches: sql`(a.sla_count > 0)::int`,
    },
  )}
  from attendances a join companies c on c.id = a.company_id
  where a.closed_at is not null and ${where}`;

/**
 * messages in (the contact's, sender_type 0) and out (every other: operators, templates, bots and the product's
 * own texts) at the message (alias m), with the channel of its attendance and (out) the operator who sent it.
 */
export const messageSource = (where: SQL) => sql`
  select ${select(
    {
      hour: hourOf(sql`m.sent_at`),
      sector_id: sql`0`,
      operator_id: sql`case when m.sender_type = 0 then 0 else coalesce(m.operator_id, 0) end`,
      channel_id: sql`a.channel_id`,
      status_id: sql`0`,
    },
    { messages_in: sql`(m.sender_type = 0)::int`, messages_out: sql`(m.sender_type <> 0)::int` },
  )}
  from messages m
  join attendances a on a.company_id = m.company_id and a.id = m.attendance_id
  join companies c on c.id = m.company_id
  where ${where}`;

const counted = sql.raw(`array[${COUNTED_TRANSFER_REASONS.map((r) => `'${r}'`).join(',')}]::text[]`);

/**
 * transfers: each change of hands a user made (COUNTED_TRANSFER_REASONS), at its time (alias t: rows with
 * company_id, attendance_id, at, to_sector_id, to_operator_id, reason), with the sector and operator it went to.
 */
export const transferSource = (from: SQL, where: SQL) => sql`
  select ${select(
    {
      hour: hourOf(sql`t.at`),
      sector_id: sql`t.to_sector_id`,
      operator_id: sql`coalesce(t.to_operator_id, 0)`,
      channel_id: sql`a.channel_id`,
      status_id: sql`0`,
    },
    { transfers: sql`1` },
  )}
  from ${from}
  join attendances a on a.company_id = t.company_id and a.id = t.attendance_id
  join companies c on c.id = t.company_id
  where t.reason = any(${counted}) and ${where}`;

/** pauses: each ended pause (alias p) when it ended, with its operator and length. */
export const pauseSource = (where: SQL) => sql`
  select ${select(
    {
      hour: hourOf(sql`p.ended_at`),
      sector_id: sql`0`,
      operator_id: sql`p.user_id`,
      channel_id: sql`0`,
      status_id: sql`0`,
    },
    { pauses: sql`1`, pause_seconds: seconds(sql`p.ended_at`, sql`p.started_at`) },
  )}
  from user_pauses p join companies c on c.id = p.company_id
  where p.ended_at is not null and ${where}`;

/** sessions: each ended session (alias s) when it ended, with its operator and length. */
export const sessionSource = (where: SQL) => sql`
  select ${select(
    {
      hour: hourOf(sql`s.ended_at`),
      sector_id: sql`0`,
      operator_id: sql`s.user_id`,
      channel_id: sql`0`,
      status_id: sql`0`,
    },
    { sessions: sql`1`, session_seconds: seconds(sql`s.ended_at`, sql`s.started_at`) },
  )}
  from operator_sessions s join companies c on c.id = s.company_id
  where s.ended_at is not null and ${where}`;

/** A row of a source as the driver returns it (bigints as text). */
export type TSourceRow = Record<string, string | number | null>;

/** A source row as a booking (numbers), scaled by `sign` (-1 takes it back). */
export function toBooking(r: TSourceRow, sign = 1): TBooking {
  const b: TBooking = {
    company_id: Number(r.company_id),
    hour: String(r.hour),
    sector_id: Number(r.sector_id),
    operator_id: Number(r.operator_id),
    channel_id: Number(r.channel_id),
    status_id: Number(r.status_id),
  };
  for (const m of MEASURES) {
    const v = Number(r[m] ?? 0);
    if (v !== 0) b[m] = sign * v;
  }
  return b;
}
