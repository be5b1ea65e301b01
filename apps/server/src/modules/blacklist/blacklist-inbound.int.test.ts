import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { domainEvents } from '../../db/schema/facts';
import { ingestBatch, ingestInbound } from '../attendance/ingest-batch';
import { automationConsumer } from '../automation-consumer/consumer';

// "A blocked contact's new messages are finalized with the blacklist status and never reach an operator": a web
// chat visitor writes through the public widget API, the automation consumer reads the facts as a worker would.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let demo: Awaited<ReturnType<typeof demoIds>>;
let web: number;
let consumer: ReturnType<typeof automationConsumer>;
let closing: number;

async function setBlacklist(value: { enabled: boolean; suggest: boolean; status_id: number | null }) {
  await ctx.db
    .update(companies)
    .set({
      metadata: sql`jsonb_set(${companies.metadata}, '{blacklist}', ${JSON.stringify(value)}::jsonb, true)`,
    })
    .where(eq(companies.id, demo.companyId));
}

async function drain() {
  for (let i = 0; i < 5; i++) if ((await consumer.drain()).facts === 0) break;
}

/** A visitor of the demo web chat who filled the form with an e-mail. */
async function visitor(email: string) {
  const name = `Visitante ${randomUUID().slice(0, 8)}`;
  const r = await http.post('/api/webchat/demo-empresa/visitors', { body: { form: { nome: name, email } } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const token = r.body.token as string;
  const send = async (text: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webchat/visitor/messages',
      headers: { 'x-visitor-token': token },
      payload: { text, client_id: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
  };
  const cards = () =>
    ctx.db.select().from(attendances).where(eq(attendances.name, name)).orderBy(asc(attendances.id));
  return { name, send, cards };
}

async function transcript(attendanceId: number) {
  const rows = await ctx.db
    .select({ text: messages.text, senderType: messages.senderType })
    .from(messages)
    .where(eq(messages.attendanceId, attendanceId))
    .orderBy(asc(messages.id));
  return rows.map((m) => `${m.senderType === 0 ? 'cliente' : 'bot'}: ${m.text}`);
}

async function closedReasons(attendanceId: number) {
  const rows = await ctx.db
    .select({ data: domainEvents.data })
    .from(domainEvents)
    .where(and(eq(domainEvents.attendanceId, attendanceId), eq(domainEvents.name, 'attendance.closed')));
  return rows.map((r) => (r.data as { reason: string }).reason);
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  manager = await http.login(MANAGER);
  closing = demo.status('Resolvido');
  const [row] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, demo.companyId), eq(channels.kind, 'web')));
  web = row?.id ?? 0;
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
  // The channel greets at the opening and says goodbye at the close: a blocked contact must hear neither.
  for (const [trigger_type, message] of [
    ['first_message', 'Olá! Bem-vindo à Empresa Demo.'],
    ['on_chat_close', 'Obrigado pelo contato!'],
  ] as const) {
    const r = await http.post(`/api/channels/save-other-triggers/web/${web}`, {
      cookie: manager,
      body: { trigger_type, params: { message } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  await setBlacklist({ enabled: true, suggest: false, status_id: closing });
  const b = await http.post('/api/blacklist', {
    cookie: manager,
    body: { prefix: 'web', contact: 'Bloqueado@Exemplo.com', description: 'Ofensas no chat' },
  });
  expect(b.status, JSON.stringify(b.body)).toBe(200);
});
afterAll(() => ctx.close());

describe('inbound from a blocked contact', () => {
  it('stores the message, closes the attendance with the blacklist status at once, no operator, no bot', async () => {
    const v = await visitor('bloqueado@exemplo.com');
    await v.send('Oi, sou eu de novo');
    const [card] = await v.cards();
    expect(card?.closedAt).not.toBeNull();
    expect(card?.statusId).toBe(closing);
    expect(card?.operatorAssignedId).toBeNull();
    expect(card?.auto).toBe(false);
    // Nothing lost, nothing said to them (neither the greeting nor the goodbye).
    expect(await transcript(card?.id ?? 0)).toEqual(['cliente: Oi, sou eu de novo']);
    expect(await closedReasons(card?.id ?? 0)).toEqual(['blacklist']);
    // Not in any queue: no open attendance of theirs.
    const open = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.name, v.name), sql`${attendances.closedAt} is null`));
    expect(open).toHaveLength(0);

    // Each new message is another finalized conversation, still stored.
    await v.send('Alô?');
    const cards = await v.cards();
    expect(cards).toHaveLength(2);
    expect(cards.every((c) => c.closedAt !== null && c.statusId === closing)).toBe(true);
    expect(await transcript(cards[1]?.id ?? 0)).toEqual(['cliente: Alô?']);
  });

  it('a contact who is not blocked opens normally (greeted, open, in the queue)', async () => {
    const v = await visitor('livre@exemplo.com');
    await v.send('Bom dia');
    const [card] = await v.cards();
    expect(card?.closedAt).toBeNull();
    expect(card?.statusId).toBeNull();
    expect(await transcript(card?.id ?? 0)).toEqual([
      'cliente: Bom dia',
      'bot: Olá! Bem-vindo à Empresa Demo.',
    ]);
  });

  it('after the unblock, or with the company blacklist off, the contact opens normally again', async () => {
    const v = await visitor('bloqueado@exemplo.com');
    const [row] = (await http.get('/api/blacklist?prefix=web', { cookie: manager })).body.items as {
      id: number;
    }[];
    const un = await http.post(`/api/blacklist/${row?.id}/unblock`, {
      cookie: manager,
      body: { description: 'Pediu desculpas' },
    });
    expect(un.status).toBe(200);
    await v.send('Oi');
    const [first] = await v.cards();
    expect(first?.closedAt).toBeNull();

    // Blocked again while talking: their next message finalizes the open conversation too.
    await http.post(`/api/blacklist/${row?.id}/block-again`, {
      cookie: manager,
      body: { description: 'De novo' },
    });
    await v.send('Vou xingar');
    const [same] = await v.cards();
    expect(same?.id).toBe(first?.id);
    expect(same?.closedAt).not.toBeNull();
    expect(same?.statusId).toBe(closing);
    expect(await closedReasons(same?.id ?? 0)).toEqual(['blacklist']);

    await setBlacklist({ enabled: false, suggest: false, status_id: closing });
    await v.send('E agora?');
    const cards = await v.cards();
    expect(cards).toHaveLength(2);
    expect(cards[1]?.closedAt).toBeNull();
    await setBlacklist({ enabled: true, suggest: false, status_id: closing });
  });

  it('phones: blocked on one WhatsApp channel, or on all of the kind, with the number written either way', async () => {
    const [other] = await ctx.db
      .insert(channels)
      .values({
        companyId: demo.companyId,
        kind: 'waweb',
        name: 'WhatsApp Loja',
        defaultSectorId: demo.sector('Comercial'),
        routeKey: `bl-${randomUUID()}`,
      })
      .returning();
    const channelId = other?.id ?? 0;
    const block = await http.post('/api/blacklist', {
      cookie: manager,
      body: { prefix: 'waweb', channel_id: channelId, contact: '(21) 99888-7766', description: 'Golpe' },
    });
    expect(block.status, JSON.stringify(block.body)).toBe(200);
    // WhatsApp often gives a Brazilian mobile without its ninth digit: the same key.
    const r = await ingestInbound(ctx.deps, {
      companyId: demo.companyId,
      channel: { kind: 'waweb', id: channelId, sectorId: demo.sector('Comercial') },
      contact: { externalId: '552198887766', name: 'Golpista' },
      message: { externalId: 'wa-1', text: 'Pix?', sentAt: new Date() },
    });
    expect(r.attendance.closedAt).not.toBeNull();
    expect(r.attendance.statusId).toBe(closing);
    // Another kind (SMS) with the same number is not blocked.
    const sms = await ingestInbound(ctx.deps, {
      companyId: demo.companyId,
      channel: { kind: 'sms', id: 987_654, sectorId: demo.sector('Comercial') },
      contact: { externalId: '5521998887766', name: 'Golpista' },
      message: { externalId: 'sms-1', text: 'Pix?', sentAt: new Date() },
    });
    expect(sms.attendance.closedAt).toBeNull();

    // One batch of several contacts (the inbox's path): only the blocked one's conversation is finalized.
    const at = new Date();
    const stored = await ingestBatch(ctx.deps, {
      companyId: demo.companyId,
      channel: { kind: 'waweb', id: channelId, sectorId: demo.sector('Comercial') },
      items: [
        {
          contact: { externalId: '5521998887766', name: 'Golpista' },
          message: { externalId: 'b-1', text: 'De novo', sentAt: at },
        },
        {
          contact: { externalId: '5521911112222', name: 'Cliente bom' },
          message: { externalId: 'b-2', text: 'Oi', sentAt: at },
        },
        {
          contact: { externalId: '5521998887766', name: 'Golpista' },
          message: { externalId: 'b-3', text: 'Alô', sentAt: at },
        },
      ],
    });
    expect(stored).toBe(3);
    const rows = await ctx.db
      .select({ name: attendances.name, closedAt: attendances.closedAt, statusId: attendances.statusId })
      .from(attendances)
      .where(and(eq(attendances.channelId, channelId), sql`${attendances.createdAt} >= ${at}`));
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('Golpista')?.statusId).toBe(closing);
    expect(byName.get('Golpista')?.closedAt).not.toBeNull();
    expect(byName.get('Cliente bom')?.closedAt).toBeNull();
  });
});
