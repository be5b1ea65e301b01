import { createHmac, randomUUID } from 'node:crypto';
import { LOCK_AFTER_FAILED_SENDS } from '@prosa/shared/attendance-constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setTriage } from '../../../test/helpers/attendance-fixtures';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import {
  startWhatsAppPeer,
  type WhatsAppPeer,
  webhookBuilders,
} from '../../../test/peers/whatsapp-cloud-peer';
import { runSend } from '../../channels/outbound/run-send';
import { attendances, contacts, persons } from '../../db/schema/attendance';
import { users } from '../../db/schema/users';
import type { AttendanceRow } from './card';
import { recordOutboundMessage } from './record-outbound-message';

// Issue 24 item 2: when an attendance is locked (docs/decisions/0011), what a manager does with it, and the
// chat list filtered by operators.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: WhatsAppPeer;
let ids: Awaited<ReturnType<typeof demoIds>>;
let channelId: number;
let sectorId: number;
let gestor: string;
let ana: string;

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  peer = await startWhatsAppPeer();
  ids = await demoIds(ctx);
  gestor = await http.login(MANAGER);
  ana = await http.login(OPERATOR);
  await setTriage(ctx, ids.companyId, 'BASIC');
  const sectors = await http.get('/api/sectors', { cookie: gestor });
  sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const r = await http.post('/api/channels/waent', {
    cookie: gestor,
    body: {
      name: 'Travados',
      default_sector_id: sectorId,
      broker: 'meta',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: 'app-secret-travados',
      verify_token: 'travados',
      api_base_url: peer.url,
      messages_per_second: 50,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
});

/** A WhatsApp contact of the channel with an open attendance. */
async function openWhatsApp(waId: string): Promise<AttendanceRow> {
  const companyId = ids.companyId;
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
      protocol: `L${waId}`,
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

/** One outgoing message stored and attempted once: the peer refuses it (400) when `fail`. */
async function attempt(attendance: AttendanceRow, fail: boolean) {
  const { message } = await ctx.db.transaction((tx) =>
    recordOutboundMessage(tx, {
      attendance,
      origin: 'sla',
      text: fail ? 'não vai' : 'vai',
      messageId: `t_${randomUUID()}`,
      operator: null,
    }),
  );
  if (fail) peer.failNext(1, 400);
  const run = await runSend(
    ctx.deps,
    { companyId: ids.companyId, messageId: message.id },
    { rateWaitMs: 5000 },
  );
  expect(run.state).toBe('done');
  return run.state === 'done' ? run.message.delivery : null;
}

/** The provider's delivery statuses of sent messages, as its webhook tells them. */
async function providerStatuses(statuses: { wamid: string; status: 'failed'; to: string }[]) {
  const payload = webhookBuilders(peer.phoneNumberId, peer.wabaId).statusPayload(
    statuses.map((st) => ({ ...st, errors: [{ code: 131026, title: 'Message undeliverable' }] })),
  );
  const raw = Buffer.from(JSON.stringify(payload));
  const sig = createHmac('sha256', 'app-secret-travados').update(raw).digest('hex');
  const r = await ctx.app.inject({
    method: 'POST',
    url: `/api/webhooks/waent/${channelId}`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${sig}` },
    payload: raw,
  });
  expect(r.statusCode).toBe(200);
}

async function lockedOf(id: number) {
  const [row] = await ctx.db
    .select({ locked: attendances.locked })
    .from(attendances)
    .where(and(eq(attendances.companyId, ids.companyId), eq(attendances.id, id)));
  return row?.locked;
}

const lockedFacts = async (id: number) => {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from domain_events where name = 'attendance.updated'
        and attendance_id = ${id} and data->'fields' ? 'locked'`,
  );
  return r.rows[0]?.n ?? 0;
};

type Card = { id: number; locked: boolean; operator_assigned_id: number | null };
const list = async (query: string, cookie = gestor) => {
  const r = await http.get(`/api/attendances?${query}`, { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items as Card[];
};

describe('locked attendances', () => {
  it(`locks after ${LOCK_AFTER_FAILED_SENDS} failed sends in a row; a delivered send unlocks it`, async () => {
    const a = await openWhatsApp('5511944440001');
    expect(await attempt(a, true)).toBe('error');
    expect(await attempt(a, true)).toBe('error');
    expect(await lockedOf(a.id)).toBe(false);
    // A success between failures starts the count again.
    expect(await attempt(a, false)).toBe('sent');
    expect(await attempt(a, true)).toBe('error');
    expect(await attempt(a, true)).toBe('error');
    expect(await lockedOf(a.id)).toBe(false);
    expect(await attempt(a, true)).toBe('error');
    expect(await lockedOf(a.id)).toBe(true);
    expect(await lockedFacts(a.id)).toBe(1);
    // The "Travados" filter lists it, with its flag.
    const locked = await list('filter=locked');
    expect(locked.find((c) => c.id === a.id)?.locked).toBe(true);
    const page = await http.get('/api/attendances?filter=locked', { cookie: gestor });
    expect((page.body.counters as Record<string, number>).locked).toBeGreaterThanOrEqual(1);

    expect(await attempt(a, false)).toBe('sent');
    expect(await lockedOf(a.id)).toBe(false);
    expect(await lockedFacts(a.id)).toBe(2);
    expect((await list('filter=locked')).some((c) => c.id === a.id)).toBe(false);
  });

  it('locks when the provider reports its last three sent messages failed', async () => {
    const waId = '5511944440005';
    const a = await openWhatsApp(waId);
    const wamids: string[] = [];
    for (let i = 0; i < LOCK_AFTER_FAILED_SENDS + 1; i++) {
      const { message } = await ctx.db.transaction((tx) =>
        recordOutboundMessage(tx, {
          attendance: a,
          origin: 'sla',
          text: `aceita ${i}`,
          messageId: `t_${randomUUID()}`,
          operator: null,
        }),
      );
      const run = await runSend(
        ctx.deps,
        { companyId: ids.companyId, messageId: message.id },
        { rateWaitMs: 5000 },
      );
      if (run.state !== 'done' || !run.message.providerMessageId) throw new Error('não enviada');
      wamids.push(run.message.providerMessageId);
    }
    const [w0, w1, w2, w3] = wamids as [string, string, string, string];
    await providerStatuses([w0, w1].map((wamid) => ({ wamid, status: 'failed' as const, to: waId })));
    await providerStatuses([{ wamid: w2, status: 'failed', to: waId }]);
    // The newest one still counts as sent: three errors, but not the last three.
    await waitFor(async () => {
      const r = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from messages where attendance_id = ${a.id} and delivery = 'error'`,
      );
      return (r.rows[0]?.n ?? 0) === 3;
    });
    expect(await lockedOf(a.id)).toBe(false);
    await providerStatuses([{ wamid: w3, status: 'failed', to: waId }]);
    await waitFor(async () => (await lockedOf(a.id)) === true);
    expect(await lockedFacts(a.id)).toBe(1);
  });

  it('a message of the contact unlocks it', async () => {
    const v = await newVisitor(ctx, 'Lúcia Travada');
    await v.send('Oi');
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Lúcia Travada'));
    if (!row) throw new Error('sem atendimento');
    await ctx.db.update(attendances).set({ locked: true }).where(eq(attendances.id, row.id));
    expect((await list('filter=locked')).some((c) => c.id === row.id)).toBe(true);
    await v.send('Ainda estou aqui');
    expect(await lockedOf(row.id)).toBe(false);
  });

  it('a manager removes a locked attendance; a non-locked one is refused with the spec text; operators never', async () => {
    const a = await openWhatsApp('5511944440002');
    for (let i = 0; i < LOCK_AFTER_FAILED_SENDS; i++) await attempt(a, true);
    expect(await lockedOf(a.id)).toBe(true);
    const byOperator = await http.post('/api/del-locked-contact', { cookie: ana, body: { contact: a.id } });
    expect(byOperator.status).toBe(403);

    const free = await openWhatsApp('5511944440003');
    const refused = await http.post('/api/del-locked-contact', {
      cookie: gestor,
      body: { contact: free.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Erro ao remover o atendimento travado.');
    expect((await list('')).some((c) => c.id === free.id)).toBe(true);

    const removed = await http.post('/api/del-locked-contact', { cookie: gestor, body: { contact: a.id } });
    expect(removed.status).toBe(200);
    expect((await list('')).some((c) => c.id === a.id)).toBe(false);
    const [closed] = await ctx.db.select().from(attendances).where(eq(attendances.id, a.id));
    expect(closed?.closedAt).not.toBeNull();

    // Another company's admin does not find it.
    const other = await http.login(OTHER_ADMIN);
    const foreign = await http.post('/api/del-locked-contact', { cookie: other, body: { contact: free.id } });
    expect(foreign.status).toBe(404);
  });
});

describe('the operator filter', () => {
  it('lists the cards of the chosen operators and/or without one; bad input is a Portuguese 400', async () => {
    const anaId = ids.user(OPERATOR);
    const brunoId = ids.user(OPERATOR2);
    const made: Record<string, number> = {};
    for (const name of ['Filtro Ana', 'Filtro Bruno', 'Filtro Ninguém']) {
      const v = await newVisitor(ctx, name);
      await v.send('Olá');
      const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
      made[name] = row?.id ?? 0;
    }
    // Assigned directly: the filter is under test, not who may take which sector.
    for (const [name, operator] of [
      ['Filtro Ana', anaId],
      ['Filtro Bruno', brunoId],
    ] as const)
      await ctx.db
        .update(attendances)
        .set({ operatorAssignedId: operator, operatorAssignedName: name })
        .where(eq(attendances.id, made[name] ?? 0));
    const ours = (cards: Card[]) =>
      Object.entries(made)
        .filter(([, id]) => cards.some((c) => c.id === id))
        .map(([name]) => name)
        .sort();

    expect(ours(await list(`operator_ids=${anaId}`))).toEqual(['Filtro Ana']);
    expect(ours(await list(`operator_ids=${anaId},${brunoId}`))).toEqual(['Filtro Ana', 'Filtro Bruno']);
    expect(ours(await list('unassigned=1'))).toEqual(['Filtro Ninguém']);
    expect(ours(await list(`operator_ids=${brunoId}&unassigned=true`))).toEqual([
      'Filtro Bruno',
      'Filtro Ninguém',
    ]);
    expect((await list(`operator_ids=${anaId}`)).every((c) => c.operator_assigned_id === anaId)).toBe(true);
    // The counters follow the filter too.
    const counted = await http.get(`/api/attendances?operator_ids=${anaId}`, { cookie: gestor });
    expect(counted.body.total).toBe((counted.body.items as Card[]).length);

    // A user of another company matches nothing here.
    const [foreign] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, OTHER_ADMIN));
    expect(await list(`operator_ids=${foreign?.id}`)).toEqual([]);

    for (const bad of [
      'operator_ids=abc',
      'operator_ids=1,,2',
      'operator_ids=99999999999',
      'unassigned=talvez',
    ]) {
      const r = await http.get(`/api/attendances?${bad}`, { cookie: gestor });
      expect(r.status, bad).toBe(400);
      expect(r.body.message, bad).toBe('Filtro de operadores inválido.');
    }
  });

  it("offers managers their company's operators with their state; operators are refused", async () => {
    expect((await http.get('/api/attendance-operators', { cookie: ana })).status).toBe(403);
    await ctx.db
      .update(users)
      .set({ operatorStatus: 'online' })
      .where(eq(users.id, ids.user(OPERATOR)));
    const r = await http.get('/api/attendance-operators', { cookie: gestor });
    expect(r.status).toBe(200);
    const operators = r.body as unknown as {
      id: number;
      name: string;
      role: number;
      operator_status: string;
    }[];
    const byId = new Map(operators.map((o) => [o.id, o]));
    expect(byId.get(ids.user(OPERATOR))?.operator_status).toBe('online');
    expect(byId.get(ids.user(OPERATOR2))?.operator_status).toBe('offline');
    expect(operators.every((o) => o.role <= 1)).toBe(true);
    const [foreign] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, OTHER_ADMIN));
    expect(byId.has(foreign?.id ?? 0)).toBe(false);
  });
});

describe('the list, the operators and del-locked-contact under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (manager and operator)', async () => {
    const unbounded = watchUnboundedInput();
    const operations = (await appOperations(ctx)).filter((op) =>
      ['/api/attendances', '/api/attendance-operators', '/api/del-locked-contact'].includes(op.path),
    );
    expect(operations.length).toBe(3);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: 20_261_124,
      perOperation: 40,
      pathValue: () => '1',
      as: [MANAGER, OPERATOR],
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
