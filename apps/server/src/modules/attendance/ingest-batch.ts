import { cardIdFor, type TChannelKind } from '@prosa/shared/channels';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { InboundContact, InboundMessage } from '../../channels/port';
import { attendances, companyCounters, contacts, messages, persons } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { AttendanceRow } from './card';

export type BatchItem = { contact: InboundContact; message: InboundMessage };

/** A message of the batch lost a race with its concurrent twin: the caller runs the batch again (or per message). */
export class BatchRace extends Error {}

const preview = (text: string, attachments: unknown[] | undefined) =>
  (text.trim() || (attachments?.length ? '📎 Anexo' : '')).slice(0, 140);

/**
 * Stores many inbound messages of one channel (many contacts) in ONE transaction with a fixed number of
 * set-based statements, with the same outcome as `ingestInbound` applied to each message in input order:
 * contacts and persons created once, one open attendance per contact (a new one, with a new protocol, after
 * closure), messages stored idempotently by the provider's message id (a redelivered one stores nothing and
 * changes no counter), one aggregated update per attendance and all facts in one `writeFacts`.
 * Answers how many messages were stored.
 */
export async function ingestBatch(
  deps: Pick<AppDeps, 'db'>,
  input: {
    companyId: number;
    channel: { kind: TChannelKind; id: number; sectorId: number };
    items: BatchItem[];
  },
  /** Runs in the same transaction, after the messages: the inbox marks its events processed there. */
  alsoInTx?: (tx: Tx) => Promise<void>,
): Promise<number> {
  if (input.items.length === 0 && !alsoInTx) return 0;
  const run = (tx: Tx) =>
    ingestBatchTx(tx, input).then(async (n) => {
      await alsoInTx?.(tx);
      return n;
    });
  try {
    return await deps.db.transaction(run);
  } catch (err) {
    // The concurrent twin committed first; running again skips what it stored.
    if (err instanceof BatchRace) return deps.db.transaction(run);
    throw err;
  }
}

export async function ingestBatchTx(tx: Tx, input: Parameters<typeof ingestBatch>[1]): Promise<number> {
  const { companyId, channel } = input;
  const idOf = (m: InboundMessage) => `${channel.kind}:${channel.id}:${m.externalId}`;

  // 1. Duplicates inside the batch and messages stored already are dropped before anything is touched.
  const seen = new Set<string>();
  const fresh0 = input.items.filter((it) => {
    const id = idOf(it.message);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const stored0 = await tx
    .select({ messageId: messages.messageId })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), inArray(messages.messageId, [...seen])));
  const already = new Set(stored0.map((r) => r.messageId));
  const items = fresh0.filter((it) => !already.has(idOf(it.message)));
  if (items.length === 0) return 0;

  // 2. Contacts (and their persons) of the batch, created once; the first item of a contact names it.
  const firstOf = new Map<string, InboundContact>();
  for (const it of items)
    if (!firstOf.has(it.contact.externalId)) firstOf.set(it.contact.externalId, it.contact);
  const keys = [...firstOf.keys()];
  const contactKey = and(
    eq(contacts.companyId, companyId),
    eq(contacts.kind, channel.kind),
    eq(contacts.channelId, channel.id),
    inArray(contacts.externalId, keys),
  );
  const contactRows = new Map(
    (await tx.select().from(contacts).where(contactKey)).map((c) => [c.externalId, c]),
  );
  const missing = keys.filter((k) => !contactRows.has(k));
  if (missing.length > 0) {
    const ps = await tx
      .insert(persons)
      .values(missing.map((k) => ({ companyId, name: firstOf.get(k)?.name ?? '' })))
      .returning({ id: persons.id });
    if (ps.length !== missing.length) throw new Error('person insert returned too few rows');
    const inserted = await tx
      .insert(contacts)
      .values(
        missing.map((k, i) => {
          const c = firstOf.get(k) as InboundContact;
          return {
            companyId,
            personId: (ps[i] as { id: number }).id,
            kind: channel.kind,
            channelId: channel.id,
            externalId: k,
            name: c.name,
            data: c.data ?? {},
          };
        }),
      )
      .onConflictDoNothing()
      .returning();
    for (const c of inserted) contactRows.set(c.externalId, c);
    if (inserted.length !== missing.length) {
      // Another transaction created some first.
      for (const c of await tx.select().from(contacts).where(contactKey)) contactRows.set(c.externalId, c);
    }
  }
  const contactOf = (externalId: string) => {
    const c = contactRows.get(externalId);
    if (!c) throw new Error('contact vanished');
    return c;
  };

  // 3. Open attendances of these contacts, locked; new ones (protocols from one counter step) for the rest.
  const contactIds = keys.map((k) => contactOf(k).id);
  const openKey = and(
    eq(attendances.companyId, companyId),
    inArray(attendances.contactId, contactIds),
    isNull(attendances.closedAt),
  );
  const openRows = new Map<number, AttendanceRow>();
  for (const a of await tx.select().from(attendances).where(openKey).for('update'))
    openRows.set(a.contactId, a);
  const toOpen = keys.filter((k) => !openRows.has(contactOf(k).id));
  const created = new Set<number>();
  if (toOpen.length > 0) {
    const [counter] = await tx
      .insert(companyCounters)
      .values({ companyId, name: 'protocol', value: toOpen.length })
      .onConflictDoUpdate({
        target: [companyCounters.companyId, companyCounters.name],
        set: { value: sql`${companyCounters.value} + ${toOpen.length}` },
      })
      .returning({ value: companyCounters.value });
    const first = (counter?.value ?? toOpen.length) - toOpen.length + 1;
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const inserted = await tx
      .insert(attendances)
      .values(
        toOpen.map((k, i) => {
          const c = contactOf(k);
          return {
            companyId,
            cardId: cardIdFor(channel.kind, channel.id, c.externalId),
            protocol: `${today}${String(first + i).padStart(6, '0')}`,
            contactId: c.id,
            personId: c.personId,
            channelKind: channel.kind,
            channelId: channel.id,
            name: c.name,
            sectorId: channel.sectorId,
            data: c.data ?? {},
          };
        }),
      )
      .onConflictDoNothing()
      .returning();
    for (const a of inserted) {
      openRows.set(a.contactId, a);
      created.add(a.id);
    }
    if (inserted.length !== toOpen.length) {
      for (const a of await tx.select().from(attendances).where(openKey).for('update'))
        if (!openRows.has(a.contactId)) openRows.set(a.contactId, a);
    }
  }
  const attendanceOf = (externalId: string) => {
    const a = openRows.get(contactOf(externalId).id);
    if (!a) throw new Error('attendance vanished');
    return a;
  };

  // 4. The messages, in input order (ids ascending per contact), idempotent by the provider's id.
  const stored = await tx
    .insert(messages)
    .values(
      items.map((it) => ({
        companyId,
        attendanceId: attendanceOf(it.contact.externalId).id,
        messageId: idOf(it.message),
        text: it.message.text,
        senderType: 0,
        sentAt: it.message.sentAt,
        attachments: it.message.attachments ?? [],
        metadata: it.message.metadata ?? {},
        delivery: 'delivered' as const,
      })),
    )
    .onConflictDoNothing()
    .returning();
  // Lost a race with a twin arriving at once: the other transaction stored it; run again without it.
  if (stored.length !== items.length) throw new BatchRace();
  const byMessageId = new Map(stored.map((m) => [m.messageId, m]));

  // 5. One aggregated update for all attendances: counters + the last message (in input order) of each.
  const agg = new Map<number, { n: number; at: Date; preview: string }>();
  for (const it of items) {
    const m = byMessageId.get(idOf(it.message));
    if (!m) continue;
    const prev = agg.get(m.attendanceId);
    agg.set(m.attendanceId, {
      n: (prev?.n ?? 0) + 1,
      at: m.sentAt,
      preview: preview(m.text, it.message.attachments),
    });
  }
  const ids = [...agg.keys()];
  const rows = [...agg.values()];
  await tx.execute(sql`
    update attendances a set
      unread_count = a.unread_count + v.n,
      customer_response_counter = a.customer_response_counter + v.n,
      last_message_at = v.at, last_message_preview = v.preview, last_message_sender = 0,
      latest_contact_chat_message_at = v.at, busy_client = false, updated_at = now()
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(rows.map((r) => r.n))}::int[],
      ${sql.param(rows.map((r) => r.at.toISOString()))}::timestamptz[], ${sql.param(rows.map((r) => r.preview))}::text[])
      as v(id, n, at, preview)
    where a.company_id = ${companyId} and a.id = v.id`);

  // 6. The facts: attendance.opened for the new ones, message.received per stored message, in one write.
  const opened = keys
    .map((k) => attendanceOf(k))
    .filter((a) => created.has(a.id))
    .map((a) => ({
      companyId,
      attendanceId: a.id,
      name: 'attendance.opened' as const,
      data: { channel_id: channel.id, contact_id: a.contactId, sector_id: a.sectorId },
    }));
  await writeFacts(tx, [
    ...opened,
    ...stored.map((m) => ({
      companyId,
      attendanceId: m.attendanceId,
      name: 'message.received' as const,
      data: { message_id: m.id },
    })),
  ]);
  return stored.length;
}
