import { POLL_MSG } from '@prosa/shared/polls';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../test/helpers/attendance-fixtures';
import { ADMIN, api, createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { pollRequests } from '../../db/schema/automation';
import { automationConsumer } from '../automation-consumer/consumer';
import { expireDuePolls } from './expire-polls';

// A poll sent at finalization and answered: on web chat (the attendance stays open until the answer) and on
// WhatsApp Enterprise through the Cloud API peer (finalized at once; the reply by webhook is the answer).

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let me: { id: number; companyId: number };
let peer: WhatsAppPeer;
let base: string;
let channelId: number;
let consumer: ReturnType<typeof automationConsumer>;
let sectorId: number;
const APP_SECRET = 'meta-app-secret-polls';

const opts = (...values: string[]) =>
  Object.fromEntries(values.map((value, i) => [String(i + 1), { value }] as const));

async function createPoll(body: Record<string, unknown>) {
  const r = await http.post('/api/polls', {
    cookie: admin,
    body: {
      question: 'Como você avalia o atendimento?',
      possible_answers: opts('Ótimo', 'Bom', 'Ruim'),
      ...body,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.poll as { id: number }).id;
}

async function createStatus(name: string, pollId: number, message: string | null = null) {
  const r = await http.post(`/api/companies/${me.companyId}/statuses`, {
    cookie: admin,
    body: { name, should_close: 1, sectors: [sectorId], poll_id: pollId, message },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.status as { id: number }).id;
}

async function finalize(attendanceId: number, statusId: number) {
  const [a] = await ctx.db.select().from(attendances).where(eq(attendances.id, attendanceId));
  return http.post(`/api/set-status/${me.companyId}/${a?.sectorId}/${me.id}`, {
    cookie: admin,
    body: { status: statusId, contact: attendanceId },
  });
}

async function drain() {
  await consumer.drain();
  await consumer.drain();
}

async function attendanceByName(name: string) {
  const [a] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!a) throw new Error(`sem atendimento de ${name}`);
  return a;
}

async function transcript(attendanceId: number) {
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(eq(messages.attendanceId, attendanceId))
    .orderBy(asc(messages.id));
  return rows.map((m) => `${m.senderType === 0 ? 'cliente' : 'empresa'}: ${m.text}`);
}

async function requestOf(attendanceId: number) {
  const [r] = await ctx.db.select().from(pollRequests).where(eq(pollRequests.attendanceId, attendanceId));
  if (!r) throw new Error('sem pesquisa');
  return r;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  admin = await http.login(ADMIN);
  me = (await http.get('/api/auth/me', { cookie: admin })).body as { id: number; companyId: number };
  peer = await startWhatsAppPeer();
  const sectors = await http.get('/api/sectors', { cookie: admin });
  sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const r = await http.post('/api/channels/waent', {
    cookie: admin,
    body: {
      name: 'WhatsApp Pesquisas',
      default_sector_id: sectorId,
      broker: 'meta',
      phone_number: '+55 11 98888-0000',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'verifica-pesquisa',
      api_base_url: peer.url,
      messages_per_second: 50,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
});

describe('a poll on web chat', () => {
  it('is sent at finalization with its options; the answer applies the status and thanks the customer', async () => {
    const pollId = await createPoll({ name: 'Satisfação web' });
    const statusId = await createStatus('Resolvido (pesquisa web)', pollId, 'Atendimento encerrado.');
    const v = await newVisitor(ctx, 'Paula Web');
    await v.send('Oi, preciso de ajuda');
    const a = await attendanceByName('Paula Web');

    const r = await finalize(a.id, statusId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ closed: false, message: POLL_MSG.sentWaiting });
    // Still open: the status waits for the answer.
    expect((await attendanceByName('Paula Web')).closedAt).toBeNull();
    const state = await v.state();
    const polled = (state.body.messages as { text: string; poll?: { options: unknown[] } }[]).at(-1);
    expect(polled?.text).toBe('Como você avalia o atendimento?\n\nA) Ótimo\nB) Bom\nC) Ruim');
    // The widget shows the options as buttons.
    expect(polled?.poll?.options).toEqual([
      { key: 'A', value: 'Ótimo' },
      { key: 'B', value: 'Bom' },
      { key: 'C', value: 'Ruim' },
    ]);
    const request = await requestOf(a.id);
    expect(request).toMatchObject({ state: 'pending', statusId, operatorId: me.id });

    await v.send('B) Bom');
    await drain();
    const after = await attendanceByName('Paula Web');
    expect(after.closedAt).not.toBeNull();
    expect(after.statusId).toBe(statusId);
    expect(after.pollSubmited).toBe(true);
    expect(after.closedByUserId).toBe(me.id);
    expect(await requestOf(a.id)).toMatchObject({ state: 'answered', answerKey: 'B', answerValue: 'Bom' });
    expect((await transcript(a.id)).slice(-3)).toEqual([
      'cliente: B) Bom',
      `empresa: ${POLL_MSG.thanks}`,
      'empresa: Atendimento encerrado.',
    ]);
  });

  it('asks again once after an invalid answer; a second invalid answer gives up and applies the status', async () => {
    const pollId = await createPoll({
      name: 'Satisfação inválida',
      answer_order: 'numbers',
      texts: { invalid_answer: 'Não entendi, responda com 1, 2 ou 3.' },
    });
    const statusId = await createStatus('Resolvido (inválida)', pollId);
    const v = await newVisitor(ctx, 'Igor Web');
    await v.send('Olá');
    const a = await attendanceByName('Igor Web');
    await finalize(a.id, statusId);

    await v.send('talvez');
    await drain();
    expect((await attendanceByName('Igor Web')).closedAt).toBeNull();
    expect((await transcript(a.id)).slice(-2)).toEqual([
      'empresa: Não entendi, responda com 1, 2 ou 3.',
      'empresa: Como você avalia o atendimento?\n\n1 - Ótimo\n2 - Bom\n3 - Ruim',
    ]);
    await v.send('não sei');
    await drain();
    const after = await attendanceByName('Igor Web');
    expect(after.closedAt).not.toBeNull();
    expect(after.statusId).toBe(statusId);
    expect(after.pollSubmited).toBe(false);
    expect((await requestOf(a.id)).state).toBe('invalid');
  });

  it('expires: the expiration message is sent and the status applied', async () => {
    const pollId = await createPoll({
      name: 'Satisfação que expira',
      use_expiration_time: true,
      time_expire: 5,
      use_default_message: false,
      expiration_message: 'Sua pesquisa expirou.',
    });
    const statusId = await createStatus('Resolvido (expira)', pollId);
    const v = await newVisitor(ctx, 'Eva Web');
    await v.send('Olá');
    const a = await attendanceByName('Eva Web');
    await finalize(a.id, statusId);
    const request = await requestOf(a.id);
    expect(request.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    // Not due yet: nothing happens.
    expect(await expireDuePolls(ctx.deps)).toBe(0);
    expect(await expireDuePolls(ctx.deps, new Date(Date.now() + 6 * 60_000))).toBe(1);
    const after = await attendanceByName('Eva Web');
    expect((await requestOf(a.id)).state).toBe('expired');
    expect(after.closedAt).not.toBeNull();
    expect(after.statusId).toBe(statusId);
    expect((await transcript(a.id)).at(-1)).toBe('empresa: Sua pesquisa expirou.');
  });
});

describe('a poll on WhatsApp Enterprise', () => {
  const hook = () => `${base}/api/webhooks/waent/${channelId}`;

  async function customerWrites(waId: string, name: string, text: string) {
    const r = await peer.deliver(hook(), peer.messagesPayload({ waId, name }, [peer.text(waId, text)]), {
      appSecret: APP_SECRET,
    });
    expect(r.status).toBe(200);
  }

  async function attendancesOf(waId: string) {
    return ctx.db
      .select({ id: attendances.id, closedAt: attendances.closedAt })
      .from(attendances)
      .innerJoin(
        contacts,
        and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
      )
      .where(and(eq(contacts.kind, 'waent'), eq(contacts.externalId, waId)));
  }

  const sentTo = (waId: string) => peer.sent.filter((s) => s.to.replace(/\D/g, '') === waId);
  const textOf = (s: { body: Record<string, unknown> }) =>
    (s.body.text as { body?: string } | undefined)?.body;

  it('finalizes at once; the reply by webhook is the answer on the same attendance (invalid once → asked again)', async () => {
    const pollId = await createPoll({ name: 'Satisfação WhatsApp' });
    const statusId = await createStatus('Resolvido (pesquisa WhatsApp)', pollId);
    const waId = '5511977770001';
    await customerWrites(waId, 'Walter', 'Oi, quero ajuda');
    const [a] = await waitFor(async () => {
      const rows = await attendancesOf(waId);
      return rows.length > 0 ? rows : null;
    });
    if (!a) throw new Error('sem atendimento');
    const r = await finalize(a.id, statusId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.closed).toBe(true);
    expect(String(r.body.message)).toContain(POLL_MSG.sent);
    const closed = (await attendancesOf(waId))[0];
    expect(closed?.closedAt).not.toBeNull();
    await expect
      .poll(() => sentTo(waId).map(textOf))
      .toContain('Como você avalia o atendimento?\n\nA) Ótimo\nB) Bom\nC) Ruim');

    await customerWrites(waId, 'Walter', 'hmm');
    await waitFor(async () => (await transcript(a.id)).includes('cliente: hmm'));
    await drain();
    await expect.poll(() => sentTo(waId).map(textOf)).toContain(POLL_MSG.invalidAnswer);

    await customerWrites(waId, 'Walter', 'otimo');
    await waitFor(async () => (await transcript(a.id)).includes('cliente: otimo'));
    await drain();
    await expect.poll(() => sentTo(waId).map(textOf)).toContain(POLL_MSG.thanks);
    // Not a new attendance: the answers went to the finalized one.
    expect(await attendancesOf(waId)).toHaveLength(1);
    expect(await requestOf(a.id)).toMatchObject({ state: 'answered', answerKey: 'A', invalidCount: 1 });
    const [after] = await ctx.db.select().from(attendances).where(eq(attendances.id, a.id));
    expect(after?.pollSubmited).toBe(true);
    expect(after?.statusId).toBe(statusId);

    // Answered: the next message opens a new attendance as usual.
    await customerWrites(waId, 'Walter', 'Nova dúvida');
    await waitFor(async () => ((await attendancesOf(waId)).length === 2 ? true : null));
  });

  it('an unanswered poll expires with the default message; the next message opens a new attendance', async () => {
    const pollId = await createPoll({
      name: 'Satisfação expira WhatsApp',
      use_expiration_time: true,
      time_expire: 1,
    });
    const statusId = await createStatus('Resolvido (expira WhatsApp)', pollId);
    const waId = '5511977770003';
    await customerWrites(waId, 'Estela', 'Oi');
    const [a] = await waitFor(async () => {
      const rows = await attendancesOf(waId);
      return rows.length > 0 ? rows : null;
    });
    if (!a) throw new Error('sem atendimento');
    expect((await finalize(a.id, statusId)).body.closed).toBe(true);
    expect(await expireDuePolls(ctx.deps, new Date(Date.now() + 2 * 60_000))).toBe(1);
    expect((await requestOf(a.id)).state).toBe('expired');
    await expect.poll(() => sentTo(waId).map(textOf)).toContain(POLL_MSG.expired);
    await customerWrites(waId, 'Estela', 'Outra coisa');
    await waitFor(async () => ((await attendancesOf(waId)).length === 2 ? true : null));
  });

  it('outside the 24-hour window sends the poll’s HSM template instead', async () => {
    const hsm = await http.post('/api/hsm', {
      cookie: admin,
      body: {
        name: 'Pesquisa de satisfação',
        element_name: 'pesquisa_satisfacao',
        template: 'Como foi seu atendimento? Responda A (Ótimo), B (Bom) ou C (Ruim).',
        use_in_poll: true,
        companies: [me.companyId],
      },
    });
    expect(hsm.status, JSON.stringify(hsm.body)).toBe(200);
    const pollId = await createPoll({ name: 'Satisfação com HSM', hsm_id: hsm.body.id });
    const statusId = await createStatus('Resolvido (HSM)', pollId);
    const waId = '5511977770002';
    await customerWrites(waId, 'Helena', 'Oi');
    const [a] = await waitFor(async () => {
      const rows = await attendancesOf(waId);
      return rows.length > 0 ? rows : null;
    });
    if (!a) throw new Error('sem atendimento');
    // The customer's last message was two days ago.
    await ctx.db
      .update(attendances)
      .set({ latestContactChatMessageAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(attendances.id, a.id));
    const r = await finalize(a.id, statusId);
    expect(r.status).toBe(200);
    await expect
      .poll(() =>
        sentTo(waId).map((s) => (s.type === 'template' ? (s.body.template as { name: string }).name : null)),
      )
      .toContain('pesquisa_satisfacao');
    expect((await requestOf(a.id)).data).toMatchObject({ via: 'hsm' });

    await customerWrites(waId, 'Helena', 'C');
    await waitFor(async () => (await transcript(a.id)).includes('cliente: C'));
    await drain();
    expect(await requestOf(a.id)).toMatchObject({ state: 'answered', answerValue: 'Ruim' });
  });
});
