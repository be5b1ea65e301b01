import { cardIdFor, type TChannelKind } from '@prosa/shared/channels';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { InboundContact, InboundMessage } from '../../channels/port';
import { attendances, companyCounters, contacts, messages, persons } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { channelHoldsNewAttendances } from './automatic-start';
import { finalizeBlockedContacts } from './blocked-inbound';
import { campaignReplies } from './campaign-replies';
import type { AttendanceRow, MessageRow } from './card';

export type BatchItem = { contact: InboundContact; message: InboundMessage };

/** What became of one item: its message (the one stored before, for a redelivery) and its attendance. */
export type ItemOutcome = { message: MessageRow; attendanceId: number; created: boolean; duplicate: boolean };

export type IngestResult = {
  attendance: AttendanceRow;
  message: MessageRow;
  created: boolean;
  duplicate: boolean;
};

/** A message of the batch lost a race with its concurrent twin: the caller runs the batch again (or per message). */
export class BatchRace extends Error {}

/** The channel of a batch; `facts`: what a new attendance records of it in its data (e.g. its text limit). */
export type IngestChannel = {
  kind: TChannelKind;
  id: number;
  sectorId: number;
  facts?: Record<string, unknown>;
};

const preview = (text: string, attachments: unknown[] | undefined) =>
  (text.trim() || (attachments?.length ? '📎 Anexo' : '')).slice(0, 140);

/**
 * Stores many inbound messages of one channel (many contacts) in ONE transaction with a fixed number of
 * set-based statements, with the same outcome as `ingestInbound` applied to each message in input order:
 * contacts and persons created once, one open attendance per contact (a new one, with a new protocol, after
 * closure), messages stored idempotently by the provider's message id (a redelivered one stores nothing and
 * changes no counter), one aggregated update per attendance and all facts in one `writeFacts`.
 * Answers how many messages were stored. Every inbound message takes this path: the inbox's batches, and one
 * by one the web chat's visitor and the inbox's per-event pass (`ingestInbound`).
 */
export async function ingestBatch(
  deps: Pick<AppDeps, 'db'>,
  input: {
    companyId: number;
    channel: IngestChannel;
    items: BatchItem[];
  },
  /** Runs in the same transaction, after the messages: the inbox marks its events processed there. */
  alsoInTx?: (tx: Tx) => Promise<void>,
): Promise<number> {
  if (input.items.length === 0 && !alsoInTx) return 0;
  const outcomes = await withRetry(deps, async (tx) => {
    const r = await ingestBatchTx(tx, input);
    await alsoInTx?.(tx);
    return r;
  });
  return outcomes.filter((o) => !o.duplicate).length;
}

/** Runs a batch's transaction; once more when a concurrent twin committed first (the second run skips it). */
async function withRetry<T>(deps: Pick<AppDeps, 'db'>, run: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(run);
  } catch (err) {
    if (err instanceof BatchRace) return deps.db.transaction(run);
    throw err;
  }
}

/**
 * One inbound message (a batch of one): finds or creates the contact and person, the open attendance (a new
 * one, with a new protocol, after closure) and the message, idempotently by the provider's message id; a
 * redelivery answers what was stored. Everything commits together before anyone is told.
 */
export async function ingestInbound(
  deps: Pick<AppDeps, 'db'>,
  input: {
    companyId: number;
    channel: IngestChannel;
    contact: InboundContact;
    message: InboundMessage;
  },
): Promise<IngestResult> {
  return withRetry(deps, async (tx) => {
    const [outcome] = await ingestBatchTx(tx, {
      companyId: input.companyId,
      channel: input.channel,
      items: [{ contact: input.contact, message: input.message }],
    });
    if (!outcome) throw new Error('ingest answered nothing');
    const [attendance] = await tx
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, input.companyId), eq(attendances.id, outcome.attendanceId)));
    if (!attendance) throw new Error('attendance of a stored message vanished');
    return { attendance, message: outcome.message, created: outcome.created, duplicate: outcome.duplicate };
  });
}

/** The batch in the caller's transaction: one outcome per item, in input order. */
export async function ingestBatchTx(
  tx: Tx,
  input: Parameters<typeof ingestBatch>[1],
): Promise<ItemOutcome[]> {
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
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), inArray(messages.messageId, [...seen])));
  const already = new Map(stored0.map((r) => [r.messageId, r]));
  const items = fresh0.filter((it) => !already.has(idOf(it.message)));
  // Each item's outcome once the new messages are stored: a redelivery (or a twin in the batch) answers the
  // stored message.
  const outcomes = (stored: Map<string, MessageRow>, created: Set<string>): ItemOutcome[] => {
    const first = new Set<string>();
    return input.items.map((it) => {
      const id = idOf(it.message);
      const before = already.get(id);
      const message = before ?? stored.get(id);
      if (!message) throw new Error('message of the batch vanished');
      const isFirst = !before && !first.has(id);
      first.add(id);
      return {
        message,
        attendanceId: message.attendanceId,
        created: isFirst && created.has(id),
        duplicate: !isFirst,
      };
    });
  };
  if (items.length === 0) return outcomes(new Map(), new Set());

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
    // Ids are drawn in the order of the rows given: ascending, they pair with `missing` whatever order the rows
    // come back in.
    const personIds = ps.map((p) => p.id).sort((a, b) => a - b);
    const inserted = await tx
      .insert(contacts)
      .values(
        missing.map((k, i) => {
          const c = firstOf.get(k) as InboundContact;
          return {
            companyId,
            personId: personIds[i] as number,
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

  // 3. Open attendances of these conversations (a contact's one, or its thread), locked; a message of a contact
  // with a pending poll and no open conversation goes to the polled attendance (its answer); new ones (protocols
  // from one counter step) for the rest — automatic from the start when the channel's bot holds new attendances.
  const threadOf = (m: InboundMessage) => m.threadKey ?? '';
  const convKey = (contactId: number, thread: string) => `${contactId}\u0000${thread}`;
  const convOf = (it: BatchItem) => convKey(contactOf(it.contact.externalId).id, threadOf(it.message));
  const firstOfConv = new Map<string, BatchItem>();
  for (const it of items) if (!firstOfConv.has(convOf(it))) firstOfConv.set(convOf(it), it);
  const contactIds = keys.map((k) => contactOf(k).id);
  const openKey = and(
    eq(attendances.companyId, companyId),
    inArray(attendances.contactId, contactIds),
    isNull(attendances.closedAt),
  );
  const openRows = new Map<string, AttendanceRow>();
  const keep = (a: AttendanceRow) => {
    const k = convKey(a.contactId, a.threadKey ?? '');
    if (!openRows.has(k)) openRows.set(k, a);
  };
  for (const a of await tx.select().from(attendances).where(openKey).orderBy(attendances.id).for('update'))
    keep(a);
  let toOpen = [...firstOfConv.keys()].filter((k) => !openRows.has(k));
  if (toOpen.length > 0) {
    const polled = await tx.execute<{ contact_id: number; attendance_id: string }>(sql`
      select contact_id, attendance_id from poll_requests
      where company_id = ${companyId} and state = 'pending'
        and contact_id = any(${sql.param(toOpen.map((k) => Number(k.split('\u0000')[0])))}::int[])
        and (expires_at is null or expires_at > now())`);
    if (polled.rows.length > 0) {
      const ids = polled.rows.map((r) => Number(r.attendance_id));
      const rows = await tx
        .select()
        .from(attendances)
        .where(and(eq(attendances.companyId, companyId), inArray(attendances.id, ids)))
        .orderBy(attendances.id)
        .for('update');
      for (const a of rows)
        for (const k of toOpen) if (Number(k.split('\u0000')[0]) === a.contactId) openRows.set(k, a);
      toOpen = toOpen.filter((k) => !openRows.has(k));
    }
  }
  const created = new Set<number>();
  if (toOpen.length > 0) {
    const auto = await channelHoldsNewAttendances(tx, companyId, channel.id);
    // Replies to a campaign (campaign options): their sector and the campaign on the attendance.
    const replies = await campaignReplies(
      tx,
      companyId,
      channel,
      toOpen.map((k) => (firstOfConv.get(k) as BatchItem).contact.externalId),
    );
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
          const it = firstOfConv.get(k) as BatchItem;
          const c = contactOf(it.contact.externalId);
          const thread = threadOf(it.message);
          const reply = replies.get(it.contact.externalId);
          return {
            companyId,
            cardId: cardIdFor(channel.kind, channel.id, c.externalId),
            protocol: `${today}${String(first + i).padStart(6, '0')}`,
            contactId: c.id,
            personId: c.personId,
            channelKind: channel.kind,
            channelId: channel.id,
            name: c.name,
            sectorId: it.contact.sectorId ?? reply?.sectorId ?? channel.sectorId,
            auto,
            threadKey: thread || null,
            data: {
              ...(c.data ?? {}),
              ...(it.contact.attendanceData ?? {}),
              ...(channel.facts ?? {}),
              ...(reply ? { campaign_id: reply.campaignId, campaign_title: reply.title } : {}),
            },
          };
        }),
      )
      .onConflictDoNothing()
      .returning();
    for (const a of inserted) {
      keep(a);
      created.add(a.id);
    }
    if (inserted.length !== toOpen.length) {
      for (const a of await tx
        .select()
        .from(attendances)
        .where(openKey)
        .orderBy(attendances.id)
        .for('update'))
        keep(a);
    }
  }
  const attendanceOf = (it: BatchItem) => {
    const a = openRows.get(convOf(it));
    if (!a) throw new Error('attendance vanished');
    return a;
  };

  // 4. The messages, in input order (ids ascending per contact), idempotent by the provider's id.
  const stored = await tx
    .insert(messages)
    .values(
      items.map((it) => ({
        companyId,
        attendanceId: attendanceOf(it).id,
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
      latest_contact_chat_message_at = v.at, busy_client = false, locked = false, updated_at = now()
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(rows.map((r) => r.n))}::int[],
      ${sql.param(rows.map((r) => r.at.toISOString()))}::timestamptz[], ${sql.param(rows.map((r) => r.preview))}::text[])
      as v(id, n, at, preview)
    where a.company_id = ${companyId} and a.id = v.id`);

  // 5b. A blocked contact's conversations are finalized at once with the blacklist status (blocked-inbound.ts).
  const blockedClosed = await finalizeBlockedContacts(tx, {
    companyId,
    channel,
    contacts: keys.map(contactOf),
    attendances: [...new Set(items.map((it) => attendanceOf(it)))],
  });

  // 6. The facts: attendance.opened for the new ones, message.received per stored message, in one write.
  const opened = [...new Set(items.map((it) => attendanceOf(it)))]
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
    ...blockedClosed,
  ]);
  // The message that opened each new attendance: the first item of its contact.
  const opener = new Set<string>();
  const openedBy = new Set<number>();
  for (const it of items) {
    const a = attendanceOf(it);
    if (created.has(a.id) && !openedBy.has(a.id)) {
      openedBy.add(a.id);
      opener.add(idOf(it.message));
    }
  }
  return outcomes(byMessageId, opener);
}
