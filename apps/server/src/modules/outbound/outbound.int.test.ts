import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { runSend, type SendRun } from '../../channels/outbound/run-send';
import { createChannelRepository } from '../../channels/repository';
import { attendances, contacts, messages, persons } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { connectDatabase, type Database } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { AttendanceRow } from '../attendance/card';
import { recordOutboundMessage } from '../attendance/record-outbound-message';
import { sendNow, sendSoon } from './send-outbound';
import { INTERRUPTED_ERROR, sweepOutbound } from './sweep-outbound';

// The outbound path against the real database, pg-boss and a local WhatsApp Cloud API: one claim per attempt
// whatever the number of runners, Retry-After waited by a continuation job, the stuck sweep, and one send rate
// for a channel across nodes (two pools standing for two nodes).

let ctx: TestContext;
let peer: WhatsAppPeer;
let channelId: number;
let companyId: number;
let sectorId: number;
let second: Database;
let nodeB: AppDeps;

beforeAll(async () => {
  ctx = await createTestContext();
  peer = await startWhatsAppPeer();
  const http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'Envios',
      default_sector_id: sectorId,
      broker: 'meta',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: 'app-secret-envios',
      verify_token: 'envios',
      api_base_url: peer.url,
      messages_per_second: 50,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channelId));
  companyId = row?.companyId ?? 0;
  // A second node: its own pool and channel cache, no queue.
  second = connectDatabase(ctx.url, 10);
  nodeB = {
    ...ctx.deps,
    db: second.db,
    queue: null,
    channelRepository: createChannelRepository({
      db: second.db,
      appSecret: ctx.deps.appSecret,
      registry: ctx.deps.channels,
    }),
  };
});
afterAll(async () => {
  await second?.pool.end();
  await peer?.stop();
  await ctx?.close();
});

/** A WhatsApp contact of the channel with an open attendance. */
async function openAttendance(waId: string): Promise<AttendanceRow> {
  const [person] = await ctx.db
    .insert(persons)
    .values({ companyId, name: `Cliente ${waId}` })
    .returning();
  const [contact] = await ctx.db
    .insert(contacts)
    .values({
      companyId,
      personId: person?.id ?? 0,
      kind: 'waent',
      channelId,
      externalId: waId,
      name: `Cliente ${waId}`,
      data: { phone: waId },
    })
    .returning();
  const [attendance] = await ctx.db
    .insert(attendances)
    .values({
      companyId,
      cardId: `waent_${channelId}_${waId}`,
      protocol: `T${waId}`,
      contactId: contact?.id ?? 0,
      personId: person?.id ?? 0,
      channelKind: 'waent',
      channelId,
      name: `Cliente ${waId}`,
      sectorId,
    })
    .returning();
  if (!attendance) throw new Error('atendimento não criado');
  return attendance;
}

/** An outgoing message stored as every origin stores it, not yet handed to anyone. */
const store = (attendance: AttendanceRow, text: string) =>
  ctx.db
    .transaction((tx) =>
      recordOutboundMessage(tx, {
        attendance,
        origin: 'sla',
        text,
        messageId: `t_${randomUUID()}`,
        operator: null,
      }),
    )
    .then((r) => r.message);

async function row(id: number) {
  const [m] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  if (!m) throw new Error('mensagem sumiu');
  return m;
}

const arrivalsOf = (text: string) => peer.arrivals.filter((a) => a.text === text);
const deliveryFacts = async (id: number) => {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from domain_events where name = 'delivery.updated' and (data->>'message_id')::bigint = ${id}`,
  );
  return r.rows[0]?.n ?? 0;
};

describe('one attempt, one caller of the provider', () => {
  it('two runners of the same message (two nodes) send it once', async () => {
    const attendance = await openAttendance('5511955550001');
    const m = await store(attendance, 'Uma vez só');
    const runs: SendRun[] = await Promise.all([
      runSend(ctx.deps, { companyId, messageId: m.id }, { rateWaitMs: 5000 }),
      runSend(nodeB, { companyId, messageId: m.id }, { rateWaitMs: 5000 }),
    ]);
    expect(runs.map((r) => r.state).sort()).toEqual(['done', 'idle']);
    expect(arrivalsOf('Uma vez só')).toHaveLength(1);
    const sent = await row(m.id);
    expect(sent).toMatchObject({ delivery: 'sent', sendAttempts: 1, sendStartedAt: null, error: null });
    const wamid = arrivalsOf('Uma vez só')[0]?.wamid;
    expect(sent.providerMessageId).toBe(wamid);
    expect(sent.metadata.wamid).toBe(wamid);
    expect(await deliveryFacts(m.id)).toBe(1);
    // A third runner finds nothing to do.
    expect(await runSend(nodeB, { companyId, messageId: m.id }, { rateWaitMs: 0 })).toEqual({
      state: 'idle',
    });
    expect(arrivalsOf('Uma vez só')).toHaveLength(1);
  });

  it("waits out the provider's Retry-After in a continuation job, then sends it once", async () => {
    const attendance = await openAttendance('5511955550002');
    const m = await store(attendance, 'Depois do 429');
    const calls = () => peer.requests.filter((q) => q.path.endsWith('/messages')).length;
    const callsBefore = calls();
    const t0 = performance.timeOrigin + performance.now();
    peer.failNext(1, 429, { retryAfter: 1 });
    await sendSoon(ctx.deps, m);
    const sent = await waitFor(async () => {
      const r = await row(m.id);
      return r.delivery === 'sent' ? r : null;
    });
    expect(calls() - callsBefore).toBe(2);
    const arrived = arrivalsOf('Depois do 429');
    expect(arrived).toHaveLength(1);
    expect((arrived[0]?.at ?? 0) - t0).toBeGreaterThanOrEqual(1000);
    expect(sent).toMatchObject({
      sendAttempts: 2,
      sendNotBefore: null,
      providerMessageId: arrived[0]?.wamid,
    });
  });
});

describe('the fast path of an operator message', () => {
  it('does not wait for a slot more than a second away: it answers sending and the job sends it at its turn', async () => {
    const attendance = await openAttendance('5511955550005');
    const m = await store(attendance, 'Na fila do canal');
    // Another node took the channel's next three seconds.
    await ctx.db.execute(sql`update channel_rate set tat = clock_timestamp() + interval '3 seconds'
      where channel_id = ${channelId}`);
    const started = Date.now();
    const answered = await sendNow(ctx.deps, m);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(answered).toMatchObject({ delivery: 'sending', sendStartedAt: null, sendAttempts: 0 });
    expect(arrivalsOf('Na fila do canal')).toHaveLength(0);
    const sent = await waitFor(async () => {
      const r = await row(m.id);
      return r.delivery === 'sent' ? r : null;
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(sent.sendAttempts).toBe(1);
    expect(arrivalsOf('Na fila do canal')).toHaveLength(1);
  });
});

describe('the stuck sweep', () => {
  it('ends a message whose runner stopped, one past its deadline, and queues again one whose job was lost', async () => {
    const attendance = await openAttendance('5511955550003');
    const stuck = await store(attendance, 'Runner parou');
    const late = await store(attendance, 'Prazo passou');
    const lost = await store(attendance, 'Job perdido');
    await ctx.db.execute(sql`update messages set send_started_at = now() - interval '3 minutes', send_attempts = 1
      where company_id = ${companyId} and id = ${stuck.id}`);
    await ctx.db.execute(sql`update messages set send_deadline = now() - interval '1 second'
      where company_id = ${companyId} and id = ${late.id}`);
    await ctx.db.execute(sql`update messages set created_at = now() - interval '1 minute'
      where company_id = ${companyId} and id = ${lost.id}`);

    const swept = await sweepOutbound(ctx.deps);
    expect(swept.interrupted).toBeGreaterThanOrEqual(1);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(swept.requeued).toBeGreaterThanOrEqual(1);
    expect(await row(stuck.id)).toMatchObject({
      delivery: 'error',
      error: INTERRUPTED_ERROR,
      sendStartedAt: null,
    });
    expect(await row(late.id)).toMatchObject({ delivery: 'error', error: 'Prazo de envio esgotado.' });
    expect(await deliveryFacts(stuck.id)).toBe(1);
    expect(await deliveryFacts(late.id)).toBe(1);
    // The lost one is sent by the job the sweep queued; the two ended ones never reach the provider.
    await waitFor(async () => (await row(lost.id)).delivery === 'sent');
    expect(arrivalsOf('Job perdido')).toHaveLength(1);
    expect(arrivalsOf('Runner parou')).toHaveLength(0);
    expect(arrivalsOf('Prazo passou')).toHaveLength(0);
    // Swept again, nothing of these changes: the sweep never sends twice.
    await sweepOutbound(ctx.deps);
    expect(await row(stuck.id)).toMatchObject({ delivery: 'error', error: INTERRUPTED_ERROR });
    expect(arrivalsOf('Job perdido')).toHaveLength(1);
  });
});

describe("a channel's rate across nodes", () => {
  it('two nodes sending to one channel at 5/s never exceed it, and every message arrives once', async () => {
    const RATE = 5;
    await ctx.db.update(channels).set({ ratePerSecond: RATE }).where(eq(channels.id, channelId));
    ctx.deps.channelRepository.forget(channelId);
    nodeB.channelRepository.forget(channelId);
    const attendance = await openAttendance('5511955550004');
    const texts = Array.from({ length: 16 }, (_, i) => `ritmo ${i + 1}`);
    const stored = [];
    for (const text of texts) stored.push(await store(attendance, text));
    const runs = await Promise.all(
      stored.map((m, i) =>
        runSend(i % 2 === 0 ? ctx.deps : nodeB, { companyId, messageId: m.id }, { rateWaitMs: 60_000 }),
      ),
    );
    expect(runs.every((r) => r.state === 'done')).toBe(true);
    for (const text of texts) expect(arrivalsOf(text), text).toHaveLength(1);
    const times = texts.map((t) => arrivalsOf(t)[0]?.at ?? 0).sort((a, b) => a - b);
    // No one-second window holds more than the rate (+1 for a send on each edge of the window).
    for (const start of times) {
      const inWindow = times.filter((t) => t >= start && t < start + 1000).length;
      expect(inWindow).toBeLessThanOrEqual(RATE + 1);
    }
    // 16 sends at 5/s take about three seconds, whichever node sent them.
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(2500);
  }, 60_000);
});
