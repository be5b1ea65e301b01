import { contactBlockKey } from '@prosa/shared/blacklist';
import type { TFactInput } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { closedFact } from './attendance-facts';
import type { AttendanceRow } from './card';

type ContactLike = { id: number; externalId: string; data: Record<string, unknown> };

/**
 * A blocked contact's new messages are finalized with the blacklist's status and never reach an operator (spec 3
 * §2, issue 18): in the ingest's transaction, after the messages are stored (nothing is lost), the conversations
 * of the batch whose contact is blocked on this channel (or on every channel of its kind) are closed with the
 * company's blacklist status_id — no queue, no operator, no triggers or bots (close reason 'blacklist'). One
 * query per batch, which finds nothing unless the company's blacklist is on with a finalization status.
 * Answers the attendance.closed facts to write with the batch's.
 */
export async function finalizeBlockedContacts(
  tx: Tx,
  input: {
    companyId: number;
    channel: { kind: string; id: number };
    contacts: readonly ContactLike[];
    attendances: readonly AttendanceRow[];
  },
): Promise<TFactInput[]> {
  const keyOf = new Map<number, string>();
  for (const c of input.contacts) {
    const key = contactBlockKey(input.channel.kind, c.externalId, c.data);
    if (key !== null) keyOf.set(c.id, key);
  }
  const open = input.attendances.filter((a) => a.closedAt === null && keyOf.has(a.contactId));
  if (open.length === 0) return [];
  const keys = [...new Set(open.map((a) => keyOf.get(a.contactId) as string))];
  const found = await tx.execute<{ contact: string; status_id: number }>(sql`
    select b.contact, s.id as status_id
    from companies co
    join statuses s on s.company_id = co.id and s.should_close = 1 and s.deleted_at is null
      and s.id::text = co.metadata -> 'blacklist' ->> 'status_id'
    join blocked_contacts b on b.company_id = co.id and b.status = 'accepted'
      and b.contact = any(${sql.param(keys)}::text[])
    where co.id = ${input.companyId} and co.metadata -> 'blacklist' ->> 'enabled' = 'true'
      and b.prefix = ${input.channel.kind} and (b.channel_id is null or b.channel_id = ${input.channel.id})`);
  if (found.rows.length === 0) return [];
  const statusId = Number(found.rows[0]?.status_id);
  const blocked = new Set(found.rows.map((r) => r.contact));
  const ids = open.filter((a) => blocked.has(keyOf.get(a.contactId) as string)).map((a) => a.id);
  const closed = await tx.execute<{ id: string }>(sql`
    update attendances set status_id = ${statusId}, closed_at = now(), unread_count = 0, auto = false,
      updated_at = now()
    where company_id = ${input.companyId} and id = any(${sql.param(ids)}::bigint[]) and closed_at is null
    returning id`);
  const closedIds = new Set(closed.rows.map((r) => Number(r.id)));
  return open
    .filter((a) => closedIds.has(a.id))
    .map((a) => closedFact({ ...a, statusId, closedAt: new Date() }, null, 'blacklist'));
}
