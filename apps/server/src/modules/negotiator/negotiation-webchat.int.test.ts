import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { automationSessions } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { domainEvents } from '../../db/schema/facts';
import { type NegotiatorRow, negotiations, negotiators } from '../../db/schema/negotiator';
import { updateOpenAttendance } from '../attendance/update-attendance';
import { automationConsumer } from '../automation-consumer/consumer';
import { MARIA_CPF, negotiationFixtures, pdfText } from './negotiation-test-world';
import { barcodeFromDigitableLine } from './slip/febraban';

// The negotiation end to end over the web chat, as a visitor of the demo company's widget: the negotiator holds
// the attendance before anything else, asks for the document, shows the debts and offers, sends the slip as a PDF
// and its text, and finalizes with the control statuses. Flag off, or a channel outside it: it does not engage.

let ctx: TestContext;
let world: Awaited<ReturnType<typeof negotiationFixtures>>;
let negotiator: NegotiatorRow;
let webChannelId: number;
let consumer: ReturnType<typeof automationConsumer>;

// Wednesday 2026-11-25, 11:00 in São Paulo: due date 3 days later, 28/11/2026.
const NOW = '2026-11-25T14:00:00Z';

const GREETING =
  'bot: Olá! Sou o assistente de negociação da Empresa Demo. Para consultar seus débitos, digite o seu CPF ou CNPJ (somente números).';
const OFFERS =
  'bot: Escolha uma opção de pagamento respondendo com o número:\n1 - Contrato 123: À vista R$ 850,00\n2 - Contrato 123: Parcelado 3x 3 x R$ 300,00\n3 - Contrato 456: À vista R$ 2.000,00\n0 - Não quero negociar agora';

/** The consumer reads the facts as a worker would, at a fixed wall clock (Date only; timers stay real). */
async function drain() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  try {
    await consumer.drain();
  } finally {
    vi.useRealTimers();
  }
}

async function talk(visitor: Awaited<ReturnType<typeof newVisitor>>, text: string) {
  const r = await visitor.send(text);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await drain();
}

async function attendanceOf(name: string) {
  const [row] = await ctx.db
    .select()
    .from(attendances)
    .where(eq(attendances.name, name))
    .orderBy(sql`${attendances.id} desc`)
    .limit(1);
  if (!row) throw new Error(`sem atendimento de ${name}`);
  return row;
}

async function transcript(attendanceId: number) {
  const rows = await ctx.db
    .select({ text: messages.text, senderType: messages.senderType, attachments: messages.attachments })
    .from(messages)
    .where(eq(messages.attendanceId, attendanceId))
    .orderBy(asc(messages.id));
  return rows.map((m) =>
    m.attachments.length > 0
      ? `bot: [${(m.attachments as { originalName: string }[]).map((a) => a.originalName).join(', ')}]`
      : `${m.senderType === 0 ? 'cliente' : 'bot'}: ${m.text}`,
  );
}

async function negotiationOf(attendanceId: number) {
  return ctx.db.select().from(negotiations).where(eq(negotiations.attendanceId, attendanceId));
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  world = await negotiationFixtures(ctx);
  const [web] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, world.companyId), eq(channels.kind, 'web')));
  webChannelId = web?.id ?? 0;
  negotiator = await world.insertNegotiator({ channelIds: [webChannelId] });
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(() => ctx.close());

describe('the negotiator over web chat', () => {
  it('greets, asks again on a bad document, shows the debts, sends the slip PDF and closes as emitted', async () => {
    const maria = await newVisitor(ctx, 'Maria Souza');
    expect((await maria.send('Oi, quero negociar')).status).toBe(200);
    // Automatic from the transaction that opened it: distribution never sees it before the negotiator takes it.
    expect((await attendanceOf('Maria Souza')).auto).toBe(true);
    await drain();
    let a = await attendanceOf('Maria Souza');
    expect(a.auto).toBe(true);
    expect(a.operatorAssignedId).toBeNull();
    expect(a.statusId).toBe(world.statusIds.validate);
    const [session] = await ctx.db
      .select()
      .from(automationSessions)
      .where(eq(automationSessions.attendanceId, a.id));
    expect(session?.holder).toBe('negotiator');
    const statusSet = await ctx.db
      .select({ data: domainEvents.data })
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'attendance.status_set'), eq(domainEvents.attendanceId, a.id)));
    expect(statusSet.map((f) => f.data.status_id)).toEqual([world.statusIds.validate]);
    expect(await transcript(a.id)).toEqual(['cliente: Oi, quero negociar', GREETING]);

    await talk(maria, '123');
    await talk(maria, MARIA_CPF);
    expect((await transcript(a.id)).slice(2)).toEqual([
      'cliente: 123',
      'bot: O documento 123 não é um CPF ou CNPJ válido. Confira e digite novamente.',
      `cliente: ${MARIA_CPF}`,
      'bot: Maria Souza, encontramos os seguintes débitos em seu nome:\nContrato 123 - R$ 1.000,00 - vencimento 10/01/2026\nContrato 456 - R$ 2.500,50 - vencimento 15/02/2026',
      OFFERS,
    ]);

    await talk(maria, 'sim');
    await talk(maria, '2');
    a = await attendanceOf('Maria Souza');
    const [n] = await negotiationOf(a.id);
    const slip = n?.slip as { digitable_line: string; barcode: string; our_number: string } | undefined;
    if (!n || !slip) throw new Error('sem boleto');
    expect(n).toMatchObject({ source: 'chat', channelKind: 'web', outcome: 'emitted' });
    expect(barcodeFromDigitableLine(slip.digitable_line)).toBe(slip.barcode);
    expect((await transcript(a.id)).slice(7)).toEqual([
      'cliente: sim',
      'bot: Opção inválida. Responda com o número de uma das opções.',
      'cliente: 2',
      `bot: [boleto-${slip.our_number}.pdf]`,
      `bot: Pronto! Seu boleto de R$ 300,00 vence em 28/11/2026. Linha digitável: ${slip.digitable_line}`,
    ]);

    // Finalized with emitted_invoice, by the bot, out of automatic mode.
    expect(a.closedAt).not.toBeNull();
    expect(a.statusId).toBe(world.statusIds.emitted);
    expect(a.auto).toBe(false);
    expect(
      await ctx.db.select().from(automationSessions).where(eq(automationSessions.attendanceId, a.id)),
    ).toEqual([]);

    // The visitor downloads the PDF from the message: a PDF drawing the linha digitável and the payer's name.
    const state = await maria.state();
    expect(state.body.state).toBe('closed');
    const shown = (state.body.messages as { attachments: { url: string; mimeType: string }[] }[]).flatMap(
      (m) => m.attachments,
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]?.mimeType).toBe('application/pdf');
    const url = new URL(shown[0]?.url ?? '', 'http://prosa.test');
    const file = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    const pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(slip.digitable_line);
    expect(text).toContain('Maria Souza');

    // A message after the end opens a new conversation: the finished negotiation does not read it.
    await talk(maria, '3');
    expect(await negotiationOf(a.id)).toEqual([n]);
  });

  it('a second conversation declines with 0: closed with not_emitted_invoice', async () => {
    const visitor = await newVisitor(ctx, 'Maria Recusa');
    await talk(visitor, 'Olá');
    await talk(visitor, '52998224725');
    await talk(visitor, '0');
    const a = await attendanceOf('Maria Recusa');
    expect((await transcript(a.id)).slice(-2)).toEqual([
      'cliente: 0',
      'bot: Tudo bem. Quando quiser negociar, é só nos chamar novamente.',
    ]);
    expect(a.closedAt).not.toBeNull();
    expect(a.statusId).toBe(world.statusIds.notEmitted);
    expect(await negotiationOf(a.id)).toMatchObject([{ outcome: 'declined', step: 'finished' }]);
  });

  it('three wrong documents end the negotiation with not_emitted_invoice', async () => {
    const visitor = await newVisitor(ctx, 'Sem Débito');
    await talk(visitor, 'Oi');
    await talk(visitor, '935.411.347-80');
    await talk(visitor, '000');
    await talk(visitor, '935.411.347-80');
    const a = await attendanceOf('Sem Débito');
    expect((await transcript(a.id)).slice(2)).toEqual([
      'cliente: 935.411.347-80',
      'bot: Não encontramos débitos para o documento 935.411.347-80. Confira e digite novamente.',
      'cliente: 000',
      'bot: O documento 000 não é um CPF ou CNPJ válido. Confira e digite novamente.',
      'cliente: 935.411.347-80',
      'bot: Não conseguimos localizar seus débitos. Encerramos esta negociação; se precisar, fale conosco novamente.',
    ]);
    expect(a.closedAt).not.toBeNull();
    expect(a.statusId).toBe(world.statusIds.notEmitted);
  });

  it('uses the negotiator edited phrases', async () => {
    await ctx.db
      .update(negotiators)
      .set({ phrases: { commandprocessor: { greeting: 'Bem-vindo à [empresa]! Qual é o seu CPF?' } } })
      .where(eq(negotiators.id, negotiator.id));
    const visitor = await newVisitor(ctx, 'Frase Editada');
    await talk(visitor, 'Oi');
    const a = await attendanceOf('Frase Editada');
    expect(await transcript(a.id)).toEqual([
      'cliente: Oi',
      'bot: Bem-vindo à Empresa Demo! Qual é o seu CPF?',
    ]);
    await ctx.db.update(negotiators).set({ phrases: {} }).where(eq(negotiators.id, negotiator.id));
  });

  it('does not engage with the company flag off, nor on a channel outside the negotiator', async () => {
    await setAllow(ctx, world.companyId, { negotiator: false });
    const off = await newVisitor(ctx, 'Flag Desligada');
    await talk(off, 'Oi');
    const a = await attendanceOf('Flag Desligada');
    expect(await negotiationOf(a.id)).toEqual([]);
    expect(await transcript(a.id)).not.toContain(GREETING);
    expect(a.statusId).not.toBe(world.statusIds.validate);
    const sessions = await ctx.db
      .select()
      .from(automationSessions)
      .where(eq(automationSessions.attendanceId, a.id));
    expect(sessions.filter((s) => s.holder === 'negotiator')).toEqual([]);
    await setAllow(ctx, world.companyId, { negotiator: true });

    await ctx.db
      .update(negotiators)
      .set({ channelIds: [webChannelId + 1000] })
      .where(eq(negotiators.id, negotiator.id));
    const outside = await newVisitor(ctx, 'Fora do Canal');
    await talk(outside, 'Oi');
    const b = await attendanceOf('Fora do Canal');
    expect(await negotiationOf(b.id)).toEqual([]);
    expect(await transcript(b.id)).not.toContain(GREETING);
    await ctx.db
      .update(negotiators)
      .set({ channelIds: [webChannelId] })
      .where(eq(negotiators.id, negotiator.id));
  });

  it('an operator closing a held attendance leaves its negotiation abandoned', async () => {
    const visitor = await newVisitor(ctx, 'Abandono');
    await talk(visitor, 'Oi');
    const a = await attendanceOf('Abandono');
    // As an operator's finalization would: closed (the fact the consumer reads).
    await updateOpenAttendance(
      ctx.deps,
      a,
      { statusId: world.statusIds.notEmitted, closedAt: new Date(), auto: false },
      { by: null, closeReason: 'status' },
    );
    await drain();
    expect(await negotiationOf(a.id)).toMatchObject([{ outcome: 'abandoned', step: 'finished' }]);
  });
});
