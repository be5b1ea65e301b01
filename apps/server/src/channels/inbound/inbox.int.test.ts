import { createHmac } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { webhookBuilders } from '../../../test/peers/whatsapp-cloud-peer';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { channelEvents } from '../../db/schema/inbox';
import { attendanceInboundSink } from '../../modules/attendance/inbound-sink';
import { connectDatabase } from '../../platform/db';
import { createInboxWriter } from './accept';
import { claimEvents } from './claim';
import { maintainInboxPartitions } from './partitions';
import { type Inbox, type InboxDeps, startInbox } from './process';
import { sweepInbox } from './sweep';

// The inbox end to end on the real database: the webhook route's group commit, two processors sharing the
// events, leases of a processor that died, retries of a status that came before its message.

let ctx: TestContext;
let channelId: number;
let companyId: number;
let deps: InboxDeps;
const APP_SECRET = 'inbox-app-secret-1234';
const PHONE_NUMBER_ID = `77${Date.now() % 1e9}`;
const wa = webhookBuilders(PHONE_NUMBER_ID, '880001');
const running: Inbox[] = [];

beforeAll(async () => {
  // No processor of the context's own: each test starts the ones it needs.
  ctx = await createTestContext({ queue: false, inbox: false });
  const http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'Caixa de entrada',
      default_sector_id: sectorId,
      broker: 'meta',
      phone_number_id: PHONE_NUMBER_ID,
      waba_id: '880001',
      access_token: 'token-inbox',
      app_secret: APP_SECRET,
      verify_token: 'verifica',
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channelId));
  companyId = row?.companyId ?? 0;
  deps = { ...ctx.deps, sink: attendanceInboundSink(ctx.deps) };
});
afterAll(async () => {
  for (const inbox of running) await inbox.stop();
  await ctx?.close();
});

function start(owner: string, opts: { batch?: number } = {}) {
  const inbox = startInbox(deps, { url: ctx.url, owner, batch: opts.batch ?? 500, workers: 2 });
  running.push(inbox);
  return inbox.ready;
}

async function stopAll() {
  for (const inbox of running.splice(0)) await inbox.stop();
}

function post(payload: unknown, o: { secret?: string } = {}) {
  const raw = Buffer.from(JSON.stringify(payload));
  const sig = createHmac('sha256', o.secret ?? APP_SECRET)
    .update(raw)
    .digest('hex');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/webhooks/waent/${channelId}`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${sig}` },
    payload: raw,
  });
}

const eventsWith = async (text: string) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(channelEvents)
      .where(sql`${channelEvents.payload}::text like ${`%${text}%`}`)
  )[0]?.n ?? 0;

/** The texts stored for a contact, in stored order. */
async function textsOf(waId: string) {
  const rows = await ctx.db
    .select({ text: messages.text })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(and(eq(contacts.channelId, channelId), eq(contacts.externalId, waId)))
    .orderBy(asc(messages.id));
  return rows.map((r) => r.text);
}

const message = (waId: string, text: string, id?: string) =>
  wa.messagesPayload({ waId, name: `Contato ${waId.slice(-4)}` }, [wa.text(waId, text, id)]);

describe('accept: group commit', () => {
  it('answers 200 only once the event is committed; 64 at once are stored once each, sharing commits', async () => {
    const answers = await Promise.all(
      Array.from({ length: 64 }, async (_, i) => {
        const text = `rajada-${i}-fim`;
        const r = await post(message(`55119700${String(i).padStart(5, '0')}`, text));
        // Right at the answer, before anything else: the row is there.
        return { status: r.statusCode, stored: await eventsWith(text) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(64).fill(200));
    expect(answers.map((a) => a.stored)).toEqual(Array(64).fill(1));
    const commits = await ctx.db
      .select({ n: sql<number>`count(distinct ${channelEvents.receivedAt})::int` })
      .from(channelEvents)
      .where(sql`${channelEvents.payload}::text like '%rajada-%'`);
    // Rows of one statement share its transaction's now(): fewer commits than requests.
    expect(commits[0]?.n).toBeLessThan(64);
  });

  it('fails every request of a statement that failed (the provider delivers again)', async () => {
    const broken = connectDatabase(ctx.url, 1);
    await broken.pool.end();
    const writer = createInboxWriter(broken.db);
    const row = { companyId: 1, channelId, orderingKey: 'x', payload: {} };
    const results = await Promise.allSettled([writer.write([row]), writer.write([row, row])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('stores a signed event with a lone surrogate escape (jsonb refuses it) without failing its group', async () => {
    const payload = message('5511970088888', 'quebrado-SURROGATE-fim');
    const raw = JSON.stringify(payload).replace('SURROGATE', '\\ud83d');
    expect(raw).toContain('\\ud83d-fim');
    const sig = createHmac('sha256', APP_SECRET).update(raw).digest('hex');
    const [odd, plain] = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/waent/${channelId}`,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${sig}` },
        payload: raw,
      }),
      post(message('5511970088889', 'vizinho-do-quebrado')),
    ]);
    expect([odd.statusCode, plain.statusCode]).toEqual([200, 200]);
    expect(await eventsWith('quebrado-\uFFFD-fim')).toBe(1);
    expect(await eventsWith('vizinho-do-quebrado')).toBe(1);
  });

  it('stores a signed event nested past any sense (cut at 64 levels) without failing its group', async () => {
    // 5,000 levels deep in a field the adapter does not read: JSON.parse takes it, but storing it as it came would
    // overflow the stack and fail the whole group.
    const n = 5_000;
    const raw = JSON.stringify(message('5511970088877', 'fundo-demais')).replace(
      '"type":"text"',
      `"extra":${'['.repeat(n)}"fundo"${']'.repeat(n)},"type":"text"`,
    );
    expect(raw).toContain('"fundo"]');
    const sig = createHmac('sha256', APP_SECRET).update(raw).digest('hex');
    const [odd, plain] = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/waent/${channelId}`,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${sig}` },
        payload: raw,
      }),
      post(message('5511970088878', 'vizinho-do-fundo')),
    ]);
    expect([odd.statusCode, plain.statusCode]).toEqual([200, 200]);
    expect(await eventsWith('fundo-demais')).toBe(1);
    // Kept down to 64 levels: what lay deeper is gone.
    expect(await eventsWith('["fundo"]')).toBe(0);
    expect(await eventsWith('vizinho-do-fundo')).toBe(1);
  });

  it('refuses a bad signature with 401 and stores nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(channelEvents);
    const r = await post(message('5511970099999', 'forjada-inbox'), { secret: 'outro-segredo' });
    expect(r.statusCode).toBe(401);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(channelEvents);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect(await eventsWith('forjada-inbox')).toBe(0);
  });

  it('answers 404 for a kind that receives no events', async () => {
    const r = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/nada/${channelId}`, payload: '{}' });
    expect(r.statusCode).toBe(404);
  });
});

describe('process', () => {
  it('keeps each contact in order across two processors and stores every message once', async () => {
    await start('p1', { batch: 3 });
    await start('p2', { batch: 3 });
    const a = '5511971000001';
    const b = '5511971000002';
    const sent = (who: string) => Array.from({ length: 25 }, (_, i) => `${who.slice(-1)}-${i}`);
    // Two contacts interleaved: each one's messages one after the other, both at the same time.
    await Promise.all(
      [a, b].map(async (who) => {
        for (const text of sent(who)) expect((await post(message(who, text))).statusCode).toBe(200);
      }),
    );
    await waitFor(async () => (await textsOf(a)).length >= 25 && (await textsOf(b)).length >= 25);
    await waitFor(async () => {
      const [r] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(channelEvents)
        .where(sql`${channelEvents.processedAt} is null`);
      return r?.n === 0;
    });
    expect(await textsOf(a)).toEqual(sent(a));
    expect(await textsOf(b)).toEqual(sent(b));
    // Both took part: claims of 3 rows, so neither could take everything.
    const owners = await ctx.db
      .selectDistinct({ owner: channelEvents.leaseOwner })
      .from(channelEvents)
      .where(sql`${channelEvents.leaseOwner} in ('p1', 'p2')`);
    expect(owners.map((o) => o.owner).sort()).toEqual(['p1', 'p2']);
    await stopAll();
  });

  it('takes over the events of a processor that died with them (its lease expired)', async () => {
    const who = '5511972000001';
    expect((await post(message(who, 'orfã-1'))).statusCode).toBe(200);
    expect((await post(message(who, 'orfã-2'))).statusCode).toBe(200);
    const claimed = await claimEvents(ctx.db, { owner: 'morto', limit: 500, leaseMs: 1500 });
    expect(claimed.filter((e) => e.orderingKey === who)).toHaveLength(2);
    // The dead one never finishes; a live one gets them once the lease has run out.
    await start('vivo');
    await waitFor(async () => (await textsOf(who)).length === 2);
    expect(await textsOf(who)).toEqual(['orfã-1', 'orfã-2']);
    const rows = await ctx.db
      .select({ owner: channelEvents.leaseOwner, attempts: channelEvents.attempts })
      .from(channelEvents)
      .where(eq(channelEvents.orderingKey, who));
    expect(rows).toEqual([
      { owner: 'vivo', attempts: 2 },
      { owner: 'vivo', attempts: 2 },
    ]);
    await stopAll();
  });

  it('stores a message delivered several times (also at once, to two processors) once', async () => {
    await start('d1');
    await start('d2');
    const who = '5511973000001';
    const payload = message(who, 'só uma vez', 'wamid.INBOX-DUP-1');
    expect((await post(payload)).statusCode).toBe(200);
    const again = await Promise.all([post(payload), post(payload), post(payload)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await waitFor(async () => {
      const [r] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(channelEvents)
        .where(sql`${channelEvents.orderingKey} = ${who} and ${channelEvents.processedAt} is null`);
      return r?.n === 0;
    });
    expect(await textsOf(who)).toEqual(['só uma vez']);
    const [att] = await ctx.db
      .select({ unread: attendances.unreadCount })
      .from(attendances)
      .innerJoin(
        contacts,
        and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
      )
      .where(eq(contacts.externalId, who));
    expect(att?.unread).toBe(1);
    await stopAll();
  });

  it('applies a status that came before its message once the message exists (retried with backoff)', async () => {
    await start('s1');
    const who = '5511974000001';
    const wamid = 'wamid.INBOX-EARLY-1';
    expect((await post(wa.statusPayload([{ wamid, status: 'read', to: who }]))).statusCode).toBe(200);
    // Tried and put off: nothing to apply it to yet.
    const waiting = await waitFor(async () => {
      const [row] = await ctx.db
        .select()
        .from(channelEvents)
        .where(eq(channelEvents.orderingKey, `status:${who}`));
      return row && row.attempts >= 1 && row.error ? row : null;
    });
    expect(waiting.processedAt).toBeNull();
    expect((await post(message(who, 'mensagem que chegou depois', wamid))).statusCode).toBe(200);
    const stored = await waitFor(async () => {
      const [m] = await ctx.db
        .select()
        .from(messages)
        .where(eq(messages.messageId, `waent:${channelId}:${wamid}`));
      return m?.delivery === 'read' ? m : null;
    });
    expect(stored.text).toBe('mensagem que chegou depois');
    // The status is applied, then its event marked processed (its own step right after).
    const row = await waitFor(async () => {
      const [r] = await ctx.db
        .select()
        .from(channelEvents)
        .where(eq(channelEvents.orderingKey, `status:${who}`));
      return r?.processedAt ? r : null;
    });
    expect(row.processedAt).not.toBeNull();
    await stopAll();
  });

  it('keeps an event as dead after the last attempt; the sweep wakes the processors when one is due', async () => {
    const who = '5511975000001';
    const wamid = 'wamid.INBOX-NEVER';
    expect((await post(wa.statusPayload([{ wamid, status: 'delivered', to: who }]))).statusCode).toBe(200);
    const key = `status:${who}`;
    expect(await sweepInbox(ctx.db)).toMatchObject({ woken: true });
    // Its node died during the last try.
    await ctx.db
      .update(channelEvents)
      .set({ attempts: 10, leaseOwner: 'morto', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(channelEvents.orderingKey, key));
    expect((await sweepInbox(ctx.db)).dead).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(channelEvents).where(eq(channelEvents.orderingKey, key));
    expect(row?.processedAt).not.toBeNull();
    expect(row?.error).toBe('tentativas esgotadas');
  });

  it('splits an event kept whole (drained from before the inbox) per contact', async () => {
    const one = '5511976000001';
    const two = '5511976000002';
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: PHONE_NUMBER_ID },
                contacts: [
                  { wa_id: one, profile: { name: 'Um' } },
                  { wa_id: two, profile: { name: 'Dois' } },
                ],
                messages: [wa.text(one, 'legado um'), wa.text(two, 'legado dois')],
              },
            },
          ],
        },
      ],
    };
    await ctx.db.insert(channelEvents).values({ companyId, channelId, orderingKey: 'legacy', payload });
    await start('l1');
    await waitFor(async () => (await textsOf(one)).length > 0 && (await textsOf(two)).length > 0);
    expect(await textsOf(one)).toEqual(['legado um']);
    expect(await textsOf(two)).toEqual(['legado dois']);
    await stopAll();
  });
});

describe('inbox.partitions', () => {
  const DAY = 86_400_000;
  const name = (d: Date) => `channel_events_${d.toISOString().slice(0, 10).replaceAll('-', '')}`;

  it('creates days ahead and drops those past 3 days, not while an event in them is unprocessed', async () => {
    const tomorrow = new Date(Date.now() + DAY);
    await ctx.db.insert(channelEvents).values({
      companyId,
      channelId,
      orderingKey: 'partição',
      payload: {},
      receivedAt: tomorrow,
      availableAt: new Date(Date.now() + 365 * DAY),
    });
    // Five days from now: tomorrow is past the 3 days kept.
    const later = new Date(Date.now() + 5 * DAY);
    const first = await maintainInboxPartitions(ctx.db, { now: later });
    expect(first.errors).toEqual([]);
    expect(first.created).toEqual(
      expect.arrayContaining([name(later), name(new Date(later.getTime() + 3 * DAY))]),
    );
    expect(first.kept).toContain(name(tomorrow));
    await ctx.db
      .update(channelEvents)
      .set({ processedAt: new Date() })
      .where(eq(channelEvents.orderingKey, 'partição'));
    const second = await maintainInboxPartitions(ctx.db, { now: later });
    expect(second.dropped).toContain(name(tomorrow));
    expect(second.created).toEqual([]);
  });
});
