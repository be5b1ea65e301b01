import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { COUNTED_TRANSFER_REASONS, closedSource, type TSourceRow } from './booking';

const counted = sql.raw(`array[${COUNTED_TRANSFER_REASONS.map((r) => `'${r}'`).join(',')}]::text[]`);

/**
 * Writes the attendance-flow record of the attendances (alias f) matching `where`, from the raw tables:
 * opened_by = the user of its active opening (transfer reason 'active'; a customer's conversation has none);
 * closed_by/closed_at while closed; responsible_ids = every operator who held it, in the order they first got
 * it (then the one holding it now, if no change of hands names them); transfers = the counted changes of
 * hands; closed_booked = what its closing books in report_hourly (booking.ts closedSource), null while open.
 * Answers the closed_booked each record had before (the consumer takes the difference into the rollups).
 */
export async function writeFlows(
  tx: Tx,
  where: SQL,
): Promise<{ attendance_id: number; before: TSourceRow | null; after: TSourceRow | null }[]> {
  const r = await tx.execute<{
    attendance_id: string | number;
    before: TSourceRow | null;
    after: TSourceRow | null;
  }>(sql`
    with src as (
      select f.company_id, f.id as attendance_id, f.created_at as opened_at,
        (select t.by_user_id from attendance_transfers t
          where t.company_id = f.company_id and t.attendance_id = f.id and t.reason = 'active'
          order by t.at, t.id limit 1) as opened_by,
        f.closed_at,
        case when f.closed_at is not null then f.closed_by_user_id end as closed_by,
        coalesce((
          select array_agg(h.op order by h.first_at, h.first_id) from (
            select t.to_operator_id as op, min(t.at) as first_at, min(t.id) as first_id
            from attendance_transfers t
            where t.company_id = f.company_id and t.attendance_id = f.id and t.to_operator_id is not null
            group by t.to_operator_id
            union all
            select f.operator_assigned_id, 'infinity'::timestamptz, 0 where f.operator_assigned_id is not null
              and not exists (select 1 from attendance_transfers t where t.company_id = f.company_id
                and t.attendance_id = f.id and t.to_operator_id = f.operator_assigned_id)
          ) h
        ), '{}'::int[]) as responsible_ids,
        (select count(*) from attendance_transfers t where t.company_id = f.company_id and t.attendance_id = f.id
          and t.reason = any(${counted}))::int as transfers,
        (select to_jsonb(b) - 'attendance_id' from (
          ${closedSource(sql`a.company_id = f.company_id and a.id = f.id`)}
        ) b) as closed_booked
      from attendances f
      where ${where}
    ),
    old as (
      select o.attendance_id, o.closed_booked from attendance_flows o
      join src on src.company_id = o.company_id and src.attendance_id = o.attendance_id
      for update of o
    ),
    up as (
      insert into attendance_flows as x (company_id, attendance_id, opened_at, opened_by, closed_at, closed_by,
        responsible_ids, transfers, closed_booked)
      select company_id, attendance_id, opened_at, opened_by, closed_at, closed_by, responsible_ids, transfers,
        closed_booked
      from src
      on conflict (company_id, attendance_id) do update set opened_at = excluded.opened_at,
        opened_by = excluded.opened_by, closed_at = excluded.closed_at, closed_by = excluded.closed_by,
        responsible_ids = excluded.responsible_ids, transfers = excluded.transfers,
        closed_booked = excluded.closed_booked
      returning x.attendance_id
    )
    select src.attendance_id::float8 as attendance_id, old.closed_booked as before, src.closed_booked as after
    from src left join old on old.attendance_id = src.attendance_id`);
  return r.rows.map((x) => ({ attendance_id: Number(x.attendance_id), before: x.before, after: x.after }));
}
