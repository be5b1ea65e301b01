import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { negotiations } from '../../db/schema/negotiator';
import { automationConsumer } from '../automation-consumer/consumer';
import { MARIA_CPF, negotiationFixtures, pdfText } from './negotiation-test-world';

// The negotiation over WhatsApp Enterprise through the Cloud API peer: the customer's messages arrive as signed
// webhooks; the bot's texts and the slip's PDF (uploaded as media, then sent as a document) reach the peer; the
// attendance ends with the emitted_invoice status.

let ctx: TestContext;
let world: Awaited<ReturnType<typeof negotiationFixtures>>;
let peer: WhatsAppPeer;
let base: string;
let channelId: number;
let consumer: ReturnType<typeof automationConsumer>;
const APP_SECRET = 'meta-app-secret-negociador';
const WA_ID = '5511977776666';

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
  const count = async () =>
    (await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.senderType, 0))).length;
  const before = await count();
  const r = await peer.deliver(
    `${base}/api/webhooks/waent/${channelId}`,
    peer.messagesPayload({ waId: WA_ID, name: 'Maria Souza' }, [peer.text(WA_ID, text)]),
    { appSecret: APP_SECRET },
  );
  expect(r.status).toBe(200);
  await waitFor(async () => (await count()) > before);
  await consumer.drain();
}

/** What reached the customer: texts as they are, documents as [file name]. */
const toCustomer = () =>
  peer.sent
    .filter((s) => s.to === WA_ID)
    .map((s) =>
      s.type === 'document'
        ? `[${(s.body.document as { filename?: string } | undefined)?.filename ?? ''}]`
        : ((s.body.text as { body?: string } | undefined)?.body ?? `(${s.type})`),
    );

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const http = api(ctx);
  world = await negotiationFixtures(ctx);
  const manager = await http.login(MANAGER);
  peer = await startWhatsAppPeer();
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'WhatsApp Cobrança',
      default_sector_id: world.demo.sector('Comercial'),
      broker: 'meta',
      phone_number: '+55 11 98888-0000',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'verifica-negociador',
      api_base_url: peer.url,
      messages_per_second: 50,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  await world.insertNegotiator({ channelIds: [channelId], whatsappChannelId: channelId });
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
});

describe('the negotiator over WhatsApp Enterprise (Cloud API peer)', () => {
  it('greets the opening through the Cloud API and holds the attendance', async () => {
    await customerSays('Oi, recebi uma cobrança');
    const a = await attendanceOfContact();
    expect(a?.auto).toBe(true);
    expect(a?.statusId).toBe(world.statusIds.validate);
    await expect
      .poll(toCustomer, { timeout: 15_000 })
      .toEqual([
        'Olá! Sou o assistente de negociação da Empresa Demo. Para consultar seus débitos, digite o seu CPF ou CNPJ (somente números).',
      ]);
  });

  it('reads the document and the option from webhooks, sends the slip PDF as a document and finalizes', async () => {
    await customerSays('12345');
    await expect
      .poll(() => toCustomer().at(-1), { timeout: 15_000 })
      .toBe('O documento 12345 não é um CPF ou CNPJ válido. Confira e digite novamente.');
    await customerSays(MARIA_CPF);
    await expect.poll(() => toCustomer().length, { timeout: 15_000 }).toBe(4);
    expect(toCustomer().slice(2)).toEqual([
      'Maria Souza, encontramos os seguintes débitos em seu nome:\nContrato 123 - R$ 1.000,00 - vencimento 10/01/2026\nContrato 456 - R$ 2.500,50 - vencimento 15/02/2026',
      'Escolha uma opção de pagamento respondendo com o número:\n1 - Contrato 123: À vista R$ 850,00\n2 - Contrato 123: Parcelado 3x 3 x R$ 300,00\n3 - Contrato 456: À vista R$ 2.000,00\n0 - Não quero negociar agora',
    ]);

    await customerSays('3');
    const a = await attendanceOfContact();
    const [n] = await ctx.db
      .select()
      .from(negotiations)
      .where(eq(negotiations.attendanceId, a?.id ?? 0));
    const slip = n?.slip as { digitable_line: string; our_number: string; due_date: string } | undefined;
    if (!n || !slip) throw new Error('sem boleto');
    expect(n).toMatchObject({ channelKind: 'waent', outcome: 'emitted' });
    const [y, m, d] = slip.due_date.split('-');
    await expect.poll(() => toCustomer().length, { timeout: 15_000 }).toBe(6);
    expect(toCustomer().slice(4)).toEqual([
      `[boleto-${slip.our_number}.pdf]`,
      `Pronto! Seu boleto de R$ 2.000,00 vence em ${d}/${m}/${y}. Linha digitável: ${slip.digitable_line}`,
    ]);

    // The PDF went up to the Cloud API's media endpoint and the document message points at it.
    const upload = peer.uploads.at(-1);
    expect(upload?.mimeType).toBe('application/pdf');
    const doc = peer.sent.find((s) => s.type === 'document');
    expect((doc?.body.document as { id?: string } | undefined)?.id).toBe(upload?.id);
    const text = pdfText(upload?.data ?? Buffer.alloc(0));
    expect(text).toContain(slip.digitable_line);
    expect(text).toContain('Maria Souza');

    expect(a?.closedAt).not.toBeNull();
    expect(a?.statusId).toBe(world.statusIds.emitted);
  });
});
