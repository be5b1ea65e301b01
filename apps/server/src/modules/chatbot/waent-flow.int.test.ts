import { CHATBOT_API, type TFlowGraph } from '@prosa/shared/chatbot';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import { automationConsumer } from '../automation-consumer/consumer';

// A flow over WhatsApp Enterprise through the Cloud API peer: the customer's answers arrive as signed webhooks,
// the bot's messages reach the peer's messages endpoint; a CPF question and a channel condition, then the handover.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let peer: WhatsAppPeer;
let base: string;
let channelId: number;
let consumer: ReturnType<typeof automationConsumer>;
const APP_SECRET = 'meta-app-secret-flow';
const WA_ID = '5511988887777';

const pos = { x: 0, y: 0 };
const graph = (): TFlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: pos, data: {} },
    {
      id: 'menu',
      type: 'menu',
      position: pos,
      data: {
        text: 'Olá! Escolha uma opção:',
        options: [
          { id: 'pedidos', label: 'Pedidos' },
          { id: 'outros', label: 'Outros assuntos' },
        ],
        invalid_text: 'Opção inválida.',
        retries: 2,
      },
    },
    {
      id: 'cpf',
      type: 'question',
      position: pos,
      data: {
        text: 'Informe seu CPF.',
        field: 'cpf_cliente',
        validation: 'cpf',
        invalid_text: 'CPF inválido.',
      },
    },
    { id: 'is-wa', type: 'condition', position: pos, data: { kind: 'channel', kinds: ['waent', 'waweb'] } },
    { id: 'support', type: 'transfer', position: pos, data: { sector_id: ids.sector('Suporte') } },
    { id: 'sales', type: 'transfer', position: pos, data: { sector_id: ids.sector('Comercial') } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'menu' },
    { id: 'e2', source: 'menu', sourceHandle: 'pedidos', target: 'cpf' },
    { id: 'e3', source: 'menu', sourceHandle: 'outros', target: 'sales' },
    { id: 'e4', source: 'cpf', target: 'is-wa' },
    { id: 'e5', source: 'is-wa', sourceHandle: 'true', target: 'support' },
    { id: 'e6', source: 'is-wa', sourceHandle: 'false', target: 'sales' },
  ],
});

async function attendanceOfContact() {
  const [row] = await ctx.db
    .select({ a: attendances })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(and(eq(contacts.kind, 'waent'), eq(contacts.externalId, WA_ID)));
  return row?.a ?? null;
}

/** The customer writes (a signed webhook); once stored, the automation consumer reads it. */
async function customerSays(text: string) {
  const before = (await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.senderType, 0)))
    .length;
  const r = await peer.deliver(
    `${base}/api/webhooks/waent/${channelId}`,
    peer.messagesPayload({ waId: WA_ID, name: 'Carla' }, [peer.text(WA_ID, text)]),
    { appSecret: APP_SECRET },
  );
  expect(r.status).toBe(200);
  await waitFor(async () => {
    const n = (await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.senderType, 0)))
      .length;
    return n > before;
  });
  await consumer.drain();
}

const peerTexts = () =>
  peer.sent
    .filter((s) => s.to === WA_ID)
    .map((s) => (s.body.text as { body?: string } | undefined)?.body ?? '');

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  peer = await startWhatsAppPeer();
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'Loja WhatsApp',
      default_sector_id: ids.sector('Comercial'),
      broker: 'meta',
      phone_number: '+55 11 99999-0000',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'verifica-fluxo',
      api_base_url: peer.url,
      messages_per_second: 50,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  await setAllow(ctx, ids.companyId, { chatbots: true });
  await ctx.db
    .insert(contactFieldDefinitions)
    .values({ companyId: ids.companyId, key: 'cpf_cliente', label: 'CPF', type: 'text' });
  const created = await http.post(CHATBOT_API.flows, {
    cookie: manager,
    body: {
      name: 'WhatsApp da loja',
      active: true,
      graph: graph(),
      linkedChannels: [{ channel_type: 'waent', channel_id: channelId }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
});

describe('a flow over WhatsApp Enterprise (Cloud API peer)', () => {
  it('answers the opening with the menu, sent to the customer through the Cloud API', async () => {
    await customerSays('Oi');
    const a = await attendanceOfContact();
    expect(a?.auto).toBe(true);
    await expect
      .poll(peerTexts, { timeout: 15_000 })
      .toEqual(['Olá! Escolha uma opção:\n1 - Pedidos\n2 - Outros assuntos']);
  });

  it('reads the answers from webhooks, checks the CPF, saves it and hands over to Suporte', async () => {
    await customerSays('pedidos');
    await expect.poll(() => peerTexts().at(-1), { timeout: 15_000 }).toBe('Informe seu CPF.');
    await customerSays('123.456.789-00');
    await expect
      .poll(() => peerTexts().slice(-2), { timeout: 15_000 })
      .toEqual(['CPF inválido.', 'Informe seu CPF.']);
    await customerSays('529.982.247-25');
    const a = await attendanceOfContact();
    expect(a?.auto).toBe(false);
    expect(a?.sectorId).toBe(ids.sector('Suporte'));
    expect((a?.data.contact_metadata as Record<string, string> | undefined)?.cpf_cliente).toBe('52998224725');
    expect(peerTexts()).toHaveLength(4);
  });
});
