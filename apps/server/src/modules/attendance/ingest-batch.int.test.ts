import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { domainEvents } from '../../db/schema/facts';
import { sectors } from '../../db/schema/organization';
import { type BatchItem, ingestBatch, ingestInbound } from './ingest-batch';

// The set-based batch must leave exactly what feeding the same messages one by one through ingestInbound
// leaves: two channel ids of one company receive the same traffic, one message by message, one in batches.

let ctx: TestContext;
let companyId: number;
let sectorId: number;
const ONE = 990_001;
const BATCH = 990_002;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  companyId = demo?.id ?? 0;
  const [sector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, companyId));
  sectorId = sector?.id ?? 0;
});
afterAll(async () => {
  await ctx?.close();
});

const channel = (id: number) => ({ kind: 'waent' as const, id, sectorId });
const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 8, 0, s));
const item = (contact: string, externalId: string, text: string, s: number): BatchItem => ({
  contact: { externalId: contact, name: `Cliente ${contact}`, data: { phone: contact } },
  message: { externalId, text, sentAt: at(s), attachments: text ? [] : [{ id: 'f' }] },
});

async function oneByOne(items: BatchItem[]) {
  for (const it of items) await ingestInbound(ctx.deps, { companyId, channel: channel(ONE), ...it });
}

/** What matters of a channel's conversations, keyed by contact: attendances with their counters and messages. */
async function snapshot(channelId: number) {
  const cs = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.channelId, channelId)))
    .orderBy(asc(contacts.externalId));
  const out: Record<string, unknown> = {};
  for (const c of cs) {
    const atts = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, companyId), eq(attendances.contactId, c.id)))
      .orderBy(asc(attendances.id));
    out[c.externalId] = {
      name: c.name,
      data: c.data,
      attendances: await Promise.all(
        atts.map(async (a) => {
          const ms = await ctx.db
            .select()
            .from(messages)
            .where(and(eq(messages.companyId, companyId), eq(messages.attendanceId, a.id)))
            .orderBy(asc(messages.id));
          const facts = await ctx.db
            .select({ name: domainEvents.name })
            .from(domainEvents)
            .where(and(eq(domainEvents.companyId, companyId), eq(domainEvents.attendanceId, a.id)));
          return {
            name: a.name,
            sectorId: a.sectorId,
            closed: a.closedAt !== null,
            unreadCount: a.unreadCount,
            customerResponseCounter: a.customerResponseCounter,
            lastMessageAt: a.lastMessageAt.toISOString(),
            lastMessagePreview: a.lastMessagePreview,
            lastMessageSender: a.lastMessageSender,
            latestContactChatMessageAt: a.latestContactChatMessageAt?.toISOString() ?? null,
            busyClient: a.busyClient,
            answered: a.answered,
            protocolLength: a.protocol.length,
            messages: ms.map((m) => ({
              messageId: m.messageId.replace(`:${channelId}:`, ':#:'),
              text: m.text,
              sentAt: m.sentAt.toISOString(),
              senderType: m.senderType,
              delivery: m.delivery,
              attachments: m.attachments,
            })),
            facts: facts.map((f) => f.name).sort(),
          };
        }),
      ),
    };
  }
  return out;
}

describe('ingestBatch', () => {
  it('stores a batch of many contacts exactly as ingestInbound does one by one', async () => {
    // Before: contacts a and b already talk (open attendances), c had one closed; d and e are new.
    const before = [item('a', 'm1', 'oi', 1), item('b', 'm2', 'bom dia', 2), item('c', 'm3', 'antes', 3)];
    await oneByOne(before);
    await ingestBatch(ctx.deps, { companyId, channel: channel(BATCH), items: before });
    for (const id of [ONE, BATCH]) {
      await ctx.db
        .update(attendances)
        .set({ closedAt: new Date() })
        .where(
          and(
            eq(attendances.companyId, companyId),
            eq(attendances.channelId, id),
            inArray(attendances.name, ['Cliente c']),
          ),
        );
    }

    const batch = [
      item('a', 'm10', 'segunda', 10),
      item('d', 'm11', 'sou novo', 11),
      item('a', 'm12', 'terceira', 12),
      item('c', 'm13', 'voltei', 13),
      item('e', 'm14', '', 14),
      item('d', 'm11', 'sou novo', 11), // duplicated inside the batch
      item('b', 'm2', 'bom dia', 2), // stored already
      item('d', 'm15', 'de novo', 9), // an earlier sentAt after: the last in input order is the last message
      item('b', 'm16', 'ok', 16),
    ];
    await oneByOne(batch);
    const stored = await ingestBatch(ctx.deps, { companyId, channel: channel(BATCH), items: batch });
    expect(stored).toBe(7);

    const expected = await snapshot(ONE);
    const actual = await snapshot(BATCH);
    expect(Object.keys(actual)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(actual).toEqual(expected);
    // Spot checks, so the equality above is not two empty things.
    const a = (actual.a as { attendances: { unreadCount: number; messages: { text: string }[] }[] })
      .attendances;
    expect(a).toHaveLength(1);
    expect(a[0]?.unreadCount).toBe(3);
    expect(a[0]?.messages.map((m) => m.text)).toEqual(['oi', 'segunda', 'terceira']);
    const c = (actual.c as { attendances: { closed: boolean; facts: string[] }[] }).attendances;
    expect(c.map((x) => x.closed)).toEqual([true, false]);
    expect(c[1]?.facts).toEqual(['attendance.opened', 'message.received']);

    // A redelivered batch stores nothing and changes no counter.
    expect(await ingestBatch(ctx.deps, { companyId, channel: channel(BATCH), items: batch })).toBe(0);
    expect(await snapshot(BATCH)).toEqual(actual);
  });
});
