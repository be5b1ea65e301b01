import { LIVE_CHANNEL_KINDS } from '@prosa/shared/channels';
import { maskSecret, WAENT_MSG } from '@prosa/shared/waent';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../test/helpers/test-app';
import { attendances, messages } from '../db/schema/attendance';
import { channels } from '../db/schema/channels';
import { seedSampleConversations } from './sample-conversations';

let ctx: TestContext;
let http: ReturnType<typeof api>;

type Card = { id: number; name: string; channel_kind: string; unread_count: number };
type Message = { text: string; sender_type: number; delivery: string };

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  expect(await seedSampleConversations(ctx.db, ctx.deps.appSecret)).toBe(true);
});
afterAll(async () => ctx?.close());

async function cards(cookie: string) {
  const r = await http.get('/api/attendances', { cookie });
  expect(r.status).toBe(200);
  return (r.body as unknown as { items: Card[] }).items;
}

describe('sample conversations of the demo data', () => {
  it('gives every working channel kind a channel, an open and a finalized conversation', async () => {
    for (const kind of LIVE_CHANNEL_KINDS) {
      const [channel] = await ctx.db.select().from(channels).where(eq(channels.kind, kind));
      expect(channel, kind).toBeDefined();
      const open = await ctx.db
        .select()
        .from(attendances)
        .where(and(eq(attendances.channelKind, kind), isNull(attendances.closedAt)));
      const closed = await ctx.db
        .select()
        .from(attendances)
        .where(and(eq(attendances.channelKind, kind), isNotNull(attendances.closedAt)));
      expect(open.length, kind).toBeGreaterThan(0);
      expect(closed.length, kind).toBeGreaterThan(0);
    }
  });

  it('lists the demo WhatsApp number to its managers, with its placeholder token sealed and masked', async () => {
    const r = await http.get('/api/channels/waent', { cookie: await http.login(MANAGER) });
    expect(r.status).toBe(200);
    const [number] = r.body as unknown as { name: string; access_token: string }[];
    expect(number).toMatchObject({
      name: 'WhatsApp da Empresa Demo',
      access_token: maskSecret('token-de-exemplo'),
    });
  });

  it('shows the waiting conversations to the people of their sectors, with their unread messages', async () => {
    const manager = await cards(await http.login(MANAGER));
    expect(manager.map((c) => c.name).sort()).toEqual([
      '+5511987650001',
      '+5521998760003',
      'Beatriz Rocha',
      'Gustavo Almeida',
      'João Pereira',
      'Lucas Martins',
      'Mariana Souza',
      'Marina Costa',
      'Rafael Costa',
      'Rafael Nunes',
      'Rafael Torres',
    ]);
    // Held by the demo Telegram bot's flow at its menu: an automatic card, no operator.
    expect(manager.find((c) => c.name === 'Rafael Torres')).toMatchObject({
      channel_kind: 'tg',
      auto: true,
      operator_assigned_id: null,
    });
    const ana = await cards(await http.login(OPERATOR)); // Comercial and Suporte
    expect(ana.find((c) => c.name === 'Mariana Souza')).toMatchObject({
      channel_kind: 'web',
      unread_count: 2,
    });
    expect(ana.find((c) => c.name === 'Rafael Costa')).toMatchObject({
      channel_kind: 'waweb',
      unread_count: 2,
    });
    expect(ana.find((c) => c.name === 'Lucas Martins')).toMatchObject({
      channel_kind: 'fa',
      unread_count: 2,
    });
    expect(ana.find((c) => c.name === 'Beatriz Rocha')).toMatchObject({
      channel_kind: 'insta',
      operator_assigned_name: 'Ana',
    });
    expect(ana.find((c) => c.name === 'Gustavo Almeida')).toMatchObject({
      channel_kind: 'tg',
      unread_count: 2,
    });
    expect(ana.find((c) => c.name === '+5511987650001')).toMatchObject({
      channel_kind: 'sms',
      unread_count: 2,
    });
    expect(ana.find((c) => c.name === '+5521998760003')).toMatchObject({
      channel_kind: 'smart',
      unread_count: 1,
    });
    const bruno = await cards(await http.login(OPERATOR2)); // Suporte and Financeiro
    expect(ana.find((c) => c.name === 'Marina Costa')).toMatchObject({ channel_kind: 'em', unread_count: 2 });
    expect(bruno.map((c) => c.name).sort()).toEqual([
      'Gustavo Almeida',
      'João Pereira',
      'Marina Costa',
      'Rafael Nunes',
      'Rafael Torres',
    ]);
  });

  it('keeps the finalized WhatsApp conversation with its delivery ticks, and the closed window holds', async () => {
    const manager = await http.login(MANAGER);
    const [resolved] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.name, 'Fernanda Alves'), isNotNull(attendances.closedAt)));
    if (!resolved) throw new Error('sem atendimento resolvido');
    const history = await http.get(`/api/history/${resolved.id}/messages`, { cookie: manager });
    expect(history.status).toBe(200);
    const list =
      (history.body as unknown as { items?: Message[] }).items ?? (history.body as unknown as Message[]);
    // Newest first.
    expect(list.map((m) => [m.sender_type, m.delivery])).toEqual([
      [1, 'delivered'],
      [0, 'sent'],
      [1, 'read'],
      [0, 'sent'],
    ]);

    const joao = (await cards(manager)).find((c) => c.name === 'João Pereira');
    if (!joao) throw new Error('sem João');
    const sent = await http.post(`/api/attendances/${joao.id}/messages`, {
      cookie: manager,
      body: { message: 'Olá, João!', client_id: 'sample-window-1' },
    });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe(WAENT_MSG.windowClosed);
  });

  it('has a stopped WhatsApp number by QR code, unpaired, and its finalized sale with the ticks', async () => {
    const manager = await http.login(MANAGER);
    const list = await http.get('/api/channels/waweb', { cookie: manager });
    expect(list.status).toBe(200);
    const [number] = list.body as unknown as {
      id: number;
      name: string;
      phone_number: string;
      running: boolean;
      qr: string | null;
      state: string;
    }[];
    expect(number).toMatchObject({
      name: 'WhatsApp QR da Empresa Demo',
      phone_number: '',
      running: false,
      qr: null,
      state: 'not-running',
    });
    const [waiting] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.name, 'Rafael Costa'), isNull(attendances.closedAt)));
    expect(waiting?.cardId).toBe(`waweb_${number?.id}_5511976540003`);

    const [sale] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.name, 'Patrícia Gomes'), isNotNull(attendances.closedAt)));
    if (!sale) throw new Error('sem venda finalizada');
    expect(sale.channelKind).toBe('waweb');
    const history = await http.get(`/api/history/${sale.id}/messages`, { cookie: manager });
    expect(history.status).toBe(200);
    const messages =
      (history.body as unknown as { items?: Message[] }).items ?? (history.body as unknown as Message[]);
    expect(messages.map((m) => [m.sender_type, m.delivery])).toEqual([
      [1, 'delivered'],
      [0, 'sent'],
      [1, 'read'],
      [0, 'sent'],
    ]);
  });
});

describe('the Messenger and Instagram samples', () => {
  it('keep what their channel shows beside the text: a button pressed, a story replied to', async () => {
    const meta = await ctx.db
      .select({ text: messages.text, metadata: messages.metadata })
      .from(messages)
      .where(inArray(messages.text, ['Ver planos', 'Amei! Tem em outras cores?']));
    expect(meta.find((m) => m.text === 'Ver planos')?.metadata).toMatchObject({
      postback: { title: 'Ver planos' },
    });
    expect(meta.find((m) => m.text.startsWith('Amei'))?.metadata).toMatchObject({
      quotedStory: { id: 'demo-story-1' },
    });
  });
});
