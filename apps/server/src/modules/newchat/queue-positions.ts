import { and, eq, isNull, sql } from 'drizzle-orm';
import { attendances, contacts } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

const waiting = and(isNull(attendances.closedAt), isNull(attendances.operatorAssignedId));

/**
 * 1 + the waiting attendances of the sector the distribution takes before this one (its order,
 * distribution/plan-assignments.ts queueOrder: priority desc, queued_at, id), compared in SQL at full precision.
 */
export async function queuePositionOf(db: Db, a: { companyId: number; id: number }): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
      from attendances me
      join attendances o on o.company_id = me.company_id and o.sector_id = me.sector_id
     where me.company_id = ${a.companyId} and me.id = ${a.id}
       and o.closed_at is null and o.operator_assigned_id is null
       and (o.priority > me.priority
            or (o.priority = me.priority and (o.queued_at < me.queued_at
                or (o.queued_at = me.queued_at and o.id < me.id))))`);
  return Number(r.rows[0]?.n ?? 0) + 1;
}

export type VisitorQueue = { visitorId: string; position: number | null };

/**
 * Every open NewChat conversation of a company whose channel shows the queue: the visitor (the contact's external
 * id is the visitor's room) and their place among the waiting attendances of their sector, or null once an
 * operator has it. One query; the fan-out calls it after the company's attendance facts.
 */
export async function newchatQueuesOfCompany(db: Db, companyId: number): Promise<VisitorQueue[]> {
  const ranked = db
    .select({
      id: attendances.id,
      position:
        sql<number>`row_number() over (partition by ${attendances.sectorId} order by ${attendances.priority} desc, ${attendances.queuedAt}, ${attendances.id})`.as(
          'position',
        ),
    })
    .from(attendances)
    .where(ofCompany(attendances, companyId, waiting))
    .as('ranked');
  const rows = await db
    .select({ visitorId: contacts.externalId, position: ranked.position })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .innerJoin(
      channels,
      and(eq(channels.companyId, attendances.companyId), eq(channels.id, attendances.channelId)),
    )
    .leftJoin(ranked, eq(ranked.id, attendances.id))
    .where(
      ofCompany(
        attendances,
        companyId,
        eq(attendances.channelKind, 'nc'),
        isNull(attendances.closedAt),
        sql`coalesce((${channels.config} -> 'settings' ->> 'hasQueue')::boolean, false)`,
      ),
    );
  return rows.map((r) => ({
    visitorId: r.visitorId,
    position: r.position === null ? null : Number(r.position),
  }));
}
