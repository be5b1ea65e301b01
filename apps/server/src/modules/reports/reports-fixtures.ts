import { sql } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import { reportHourly } from '../../db/schema/reports';
import type { Db } from '../../platform/db';

// Hand-built data for the reports' integration tests (rows written straight into the tables the runners read).

export type HourlyRow = Partial<Omit<typeof reportHourly.$inferInsert, 'companyId' | 'hour'>> & {
  /** The start of the hour as an ISO instant ('2026-03-10T12:00:00Z' is 09:00 in São Paulo). */
  hour: string;
};

export async function insertHourly(db: Db, companyId: number, rows: HourlyRow[]) {
  await db.insert(reportHourly).values(rows.map((r) => ({ ...r, companyId, hour: new Date(r.hour) })));
}

let routeSeq = 0;

/** A channel of the company (route keys unique per run); `deleted` marks it deleted. */
export async function insertChannel(
  db: Db,
  companyId: number,
  input: { kind: string; name: string; sectorId: number; phone?: string; deleted?: boolean },
): Promise<number> {
  routeSeq += 1;
  const [row] = await db
    .insert(channels)
    .values({
      companyId,
      kind: input.kind,
      name: input.name,
      defaultSectorId: input.sectorId,
      routeKey: `report-test-${process.pid}-${Date.now()}-${routeSeq}`,
      config: input.phone ? { phone_number: input.phone } : {},
      deletedAt: input.deleted ? new Date() : null,
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('channel insert returned nothing');
  return row.id;
}

/** Merges top-level keys into the company's metadata (pause control, reports periods…). */
export async function mergeMetadata(db: Db, companyId: number, patch: Record<string, unknown>) {
  await db.execute(
    sql`update companies set metadata = metadata || ${JSON.stringify(patch)}::jsonb where id = ${companyId}`,
  );
}
