import { sql } from 'drizzle-orm';
import { attendances, contacts, messages, persons } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { attendanceTransfers } from '../../db/schema/facts';
import { reportHourly } from '../../db/schema/reports';
import type { Db } from '../../platform/db';
import { rebuildDailyFromHourly } from '../report-rollups/recompute';

// Hand-built data for the reports' integration tests (rows written straight into the tables the runners read).

export type HourlyRow = Partial<Omit<typeof reportHourly.$inferInsert, 'companyId' | 'hour'>> & {
  /** The start of the hour as an ISO instant ('2026-03-10T12:00:00Z' is 09:00 in São Paulo). */
  hour: string;
};

/** report_hourly rows, and report_daily rebuilt from them (the rollup reports read the daily sums). */
export async function insertHourly(db: Db, companyId: number, rows: HourlyRow[]) {
  await db.insert(reportHourly).values(rows.map((r) => ({ ...r, companyId, hour: new Date(r.hour) })));
  await rebuildDailyFromHourly(db, companyId);
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

let seq = 0;

/** A contact (and its person) on a channel. */
export async function insertContact(
  db: Db,
  companyId: number,
  input: { name: string; channelId: number; kind: string },
): Promise<{ contactId: number; personId: number }> {
  seq += 1;
  const [person] = await db
    .insert(persons)
    .values({ companyId, name: input.name })
    .returning({ id: persons.id });
  const [contact] = await db
    .insert(contacts)
    .values({
      companyId,
      personId: person?.id ?? 0,
      kind: input.kind,
      channelId: input.channelId,
      externalId: `report-contact-${seq}`,
      name: input.name,
    })
    .returning({ id: contacts.id });
  return { contactId: contact?.id ?? 0, personId: person?.id ?? 0 };
}

/** An attendance as the analytic report reads it; `closedAt` unset leaves it open. */
export async function insertAttendance(
  db: Db,
  companyId: number,
  input: {
    name: string;
    channelId: number;
    kind: string;
    sectorId: number;
    createdAt: string;
    protocol?: string;
    contact?: { contactId: number; personId: number };
    operatorId?: number;
    statusId?: number;
    firstAnswerAt?: string;
    closedAt?: string;
    /** When an operator (operatorId) first got it: an attendance_transfers row. */
    heldAt?: string;
  },
): Promise<number> {
  seq += 1;
  const who =
    input.contact ??
    (await insertContact(db, companyId, { name: input.name, channelId: input.channelId, kind: input.kind }));
  const created = new Date(input.createdAt);
  const [row] = await db
    .insert(attendances)
    .values({
      companyId,
      cardId: `${input.kind}_${input.channelId}_report-${seq}`,
      protocol: input.protocol ?? `RPT-${process.pid}-${seq}`,
      contactId: who.contactId,
      personId: who.personId,
      channelKind: input.kind,
      channelId: input.channelId,
      name: input.name,
      sectorId: input.sectorId,
      statusId: input.statusId ?? null,
      operatorAssignedId: input.operatorId ?? null,
      createdAt: created,
      firstStartChatAt: created,
      queuedAt: created,
      lastMessageAt: created,
      firstOperatorAnswerAt: input.firstAnswerAt ? new Date(input.firstAnswerAt) : null,
      closedAt: input.closedAt ? new Date(input.closedAt) : null,
    })
    .returning({ id: attendances.id });
  if (!row) throw new Error('attendance insert returned nothing');
  if (input.heldAt)
    await db.insert(attendanceTransfers).values({
      companyId,
      attendanceId: row.id,
      at: new Date(input.heldAt),
      toSectorId: input.sectorId,
      toOperatorId: input.operatorId ?? null,
      reason: 'take',
    });
  return row.id;
}

/** A message of an attendance: from the customer (`in`) or sent (`out`, optionally a template/HSM). */
export async function insertMessage(
  db: Db,
  companyId: number,
  attendanceId: number,
  input: { dir: 'in' | 'out'; sentAt: string; hsm?: boolean },
) {
  seq += 1;
  await db.insert(messages).values({
    companyId,
    attendanceId,
    messageId: `report-msg-${process.pid}-${seq}`,
    text: input.hsm ? 'Modelo' : 'Olá',
    senderType: input.dir === 'in' ? 0 : 1,
    sentAt: new Date(input.sentAt),
    metadata: input.hsm ? { hsm: { id: 1, name: 'boas_vindas' } } : {},
  });
}
