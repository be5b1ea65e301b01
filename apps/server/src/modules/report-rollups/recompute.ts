import { type SQL, sql } from 'drizzle-orm';
import { FACT_BATCH, readFactsAfter, type TFactCursor } from '../../facts/read-facts';
import type { Db, Tx } from '../../platform/db';
import {
  closedSource,
  DIMS,
  MEASURES,
  messageSource,
  openedSource,
  pauseSource,
  sessionSource,
  transferSource,
} from './booking';
import { handleRollupFacts, REPORT_ROLLUPS_CONSUMER } from './consumer';
import { writeFlows } from './flows';

export type TRecomputeInput = { companyId: number; from: Date; to: Date };
export type TRecomputeResult = { from: Date; to: Date; rows: number; flows: number };

type CursorRow = {
  snapshot: string;
  floor: Date | string;
  page_snapshot: string | null;
  page_floor: Date | string | null;
  page_tx: string | null;
  page_id: string | null;
};

const toCursor = (row: CursorRow): TFactCursor => ({
  snapshot: row.snapshot,
  floor: new Date(row.floor),
  page:
    row.page_snapshot !== null && row.page_floor !== null && row.page_tx !== null && row.page_id !== null
      ? {
          snapshot: row.page_snapshot,
          floor: new Date(row.page_floor),
          tx: row.page_tx,
          id: Number(row.page_id),
        }
      : null,
});

/**
 * Processes, inside the recompute's transaction, the facts the consumer has not yet processed (moving its cursor),
 * so that the raw rows read next and the facts the consumer will read after this commit never overlap: every fact
 * this snapshot sees is done here, every later one books a change this snapshot does not see.
 */
async function catchUpConsumer(tx: Tx): Promise<void> {
  const claimed = await tx.execute<CursorRow>(sql`
    select snapshot, floor, page_snapshot, page_floor, page_tx::text as page_tx, page_id
    from fact_consumers where name = ${REPORT_ROLLUPS_CONSUMER} for update`);
  let row = claimed.rows[0];
  if (!row) return;
  for (;;) {
    const batch = await readFactsAfter(tx, toCursor(row), FACT_BATCH);
    if (batch.facts.length === 0) return;
    await handleRollupFacts(tx, batch.facts);
    const { snapshot, floor, page } = batch.cursor;
    await tx.execute(sql`
      update fact_consumers
      set snapshot = ${snapshot}, floor = ${floor.toISOString()}::timestamptz,
          page_snapshot = ${page?.snapshot ?? null}, page_floor = ${page?.floor.toISOString() ?? null}::timestamptz,
          page_tx = ${page?.tx ?? null}::xid8, page_id = ${page?.id ?? null}, updated_at = now()
      where name = ${REPORT_ROLLUPS_CONSUMER}`);
    row = {
      snapshot,
      floor,
      page_snapshot: page?.snapshot ?? null,
      page_floor: page?.floor ?? null,
      page_tx: page?.tx ?? null,
      page_id: page ? String(page.id) : null,
    };
  }
}

const cols = sql.raw(['company_id', 'hour', ...DIMS, ...MEASURES].join(', '));
const sums = sql.raw(MEASURES.map((m) => `sum(${m})`).join(', '));
const groupKey = sql.raw(['company_id', 'hour', ...DIMS].join(', '));

/** The rows of report_hourly of [from, to) (whole hours), from the raw tables. */
function rollupInsert(companyId: number, from: string, to: string): SQL {
  const within = (alias: string, col: string) =>
    sql`${sql.raw(alias)}.company_id = ${companyId} and ${sql.raw(`${alias}.${col}`)} >= ${from}::timestamptz
      and ${sql.raw(`${alias}.${col}`)} < ${to}::timestamptz`;
  const closed = closedSource(within('a', 'closed_at'));
  return sql`
    insert into report_hourly (${cols})
    select company_id, hour::timestamptz, ${sql.raw(DIMS.join(', '))}, ${sums} from (
      ${openedSource(within('a', 'created_at'))}
      union all select ${cols} from (${closed}) cl
      union all ${messageSource(within('m', 'sent_at'))}
      union all ${transferSource(sql`attendance_transfers t`, within('t', 'at'))}
      union all ${pauseSource(within('p', 'ended_at'))}
      union all ${sessionSource(within('s', 'ended_at'))}
    ) x
    group by ${groupKey}`;
}

const dailyCols = sql.raw(['company_id', 'day', ...DIMS, ...MEASURES].join(', '));

/**
 * Rebuilds report_daily of a company from report_hourly for every local calendar day [from, to) touches (all of
 * them without a period): deleted, then report_hourly of those whole days summed per day.
 */
export async function rebuildDaily(
  tx: Tx | Db,
  companyId: number,
  period?: { from: string; to: string },
): Promise<number> {
  const days = period
    ? sql`(select (${period.from}::timestamptz at time zone c.timezone)::date as d1,
          ((${period.to}::timestamptz - interval '1 microsecond') at time zone c.timezone)::date as d2
        from companies c where c.id = ${companyId})`
    : sql`(select min(h.hour at time zone c.timezone)::date as d1, max(h.hour at time zone c.timezone)::date as d2
        from report_hourly h join companies c on c.id = h.company_id where h.company_id = ${companyId})`;
  await tx.execute(sql`
    delete from report_daily r using ${days} b
    where r.company_id = ${companyId} ${period ? sql`and r.day between b.d1 and b.d2` : sql``}`);
  const inserted = await tx.execute(sql`
    insert into report_daily (${dailyCols})
    select h.company_id, (h.hour at time zone c.timezone)::date, ${sql.raw(DIMS.map((d) => `h.${d}`).join(', '))},
      ${sql.raw(MEASURES.map((m) => `sum(h.${m})`).join(', '))}
    from report_hourly h join companies c on c.id = h.company_id, ${days} b
    where h.company_id = ${companyId} and h.hour >= (b.d1::timestamp at time zone c.timezone)
      and h.hour < ((b.d2 + 1)::timestamp at time zone c.timezone)
    group by h.company_id, 2, ${sql.raw(DIMS.map((d) => `h.${d}`).join(', '))}`);
  return inserted.rowCount ?? 0;
}

/** report_daily of a company rebuilt from all its report_hourly rows (tests that write report_hourly by hand). */
export async function rebuildDailyFromHourly(db: Db, companyId: number): Promise<number> {
  return db.transaction((tx) => rebuildDaily(tx, companyId));
}

const isSerializationFailure = (err: unknown): boolean => {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: string }).code === '40001') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Recomputes the rollups of a company for [from, to) (widened to whole hours of its timezone) exactly from the
 * raw tables, in one repeatable-read transaction: the consumer's pending facts first (see catchUpConsumer),
 * then report_hourly of the period deleted and inserted again (and report_daily of the whole local days it
 * touches rebuilt from it), and the flow records of the attendances opened
 * or closed in it rewritten. Retried when the consumer moved its cursor meanwhile.
 */
export async function recomputeRollups(db: Db, input: TRecomputeInput): Promise<TRecomputeResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(
        async (tx) => {
          await catchUpConsumer(tx);
          const b = await tx.execute<{ f: string; t: string }>(sql`
            select to_char(f at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as f,
              to_char((case when t2 = t1 then t1 else t2 + interval '1 hour' end) at time zone 'UTC',
                'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t
            from companies c,
              lateral (select date_trunc('hour', ${input.from.toISOString()}::timestamptz at time zone c.timezone)
                at time zone c.timezone as f) x,
              lateral (select ${input.to.toISOString()}::timestamptz as t1,
                date_trunc('hour', ${input.to.toISOString()}::timestamptz at time zone c.timezone)
                at time zone c.timezone as t2) y
            where c.id = ${input.companyId}`);
          const bounds = b.rows[0];
          if (!bounds) return { from: input.from, to: input.to, rows: 0, flows: 0 };
          const { f, t } = bounds;
          await tx.execute(sql`
            delete from report_hourly
            where company_id = ${input.companyId} and hour >= ${f}::timestamptz and hour < ${t}::timestamptz`);
          const inserted = await tx.execute(rollupInsert(input.companyId, f, t));
          await rebuildDaily(tx, input.companyId, { from: f, to: t });
          const flows = await writeFlows(
            tx,
            sql`f.company_id = ${input.companyId} and (
              (f.created_at >= ${f}::timestamptz and f.created_at < ${t}::timestamptz)
              or (f.closed_at >= ${f}::timestamptz and f.closed_at < ${t}::timestamptz))`,
          );
          return { from: new Date(f), to: new Date(t), rows: inserted.rowCount ?? 0, flows: flows.length };
        },
        { isolationLevel: 'repeatable read' },
      );
    } catch (err) {
      if (attempt >= 20 || !isSerializationFailure(err)) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}
