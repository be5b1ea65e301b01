import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CODE, demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { ADMIN, api, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;

type PersonView = { id: number; name: string; emails: string[]; phones: { phone: string }[] };

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  const ids = await demoIds(ctx);
  await setAllow(ctx, ids.companyId, { person: true });
  admin = await http.login(ADMIN);
});
afterAll(() => ctx.close());

/** A visitor fills the demo form (nome, email, telefone, assunto) and writes once. */
async function visitor(form: Record<string, string>, text = 'Olá!') {
  const r = await http.post(`/api/webchat/${DEMO_CODE}/visitors`, { body: { form } });
  if (r.status !== 200) return { status: r.status, body: r.body, token: '' };
  const token = r.body.token as string;
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/webchat/visitor/messages',
    headers: { 'x-visitor-token': token },
    payload: { text, client_id: randomBytes(8).toString('hex') },
  });
  expect(sent.statusCode).toBe(200);
  return { status: r.status, body: r.body, token };
}

async function cardOf(name: string) {
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error(`sem atendimento de ${name}`);
  return row;
}

async function contactsSearch(query: string) {
  const r = await http.get(`/api/persons?${query}`, { cookie: admin });
  expect(r.status).toBe(200);
  return r.body.items as PersonView[];
}

describe('web chat visitor → person record', () => {
  it('refuses an e-mail or phone that is not one, in Portuguese, and creates nothing', async () => {
    const before = (await contactsSearch('')).length;
    const email = await http.post(`/api/webchat/${DEMO_CODE}/visitors`, {
      body: { form: { nome: 'Mariana', email: 'mariana@' } },
    });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Campo E-mail é inválido!');
    const phone = await http.post(`/api/webchat/${DEMO_CODE}/visitors`, {
      body: { form: { nome: 'Mariana', telefone: '1234' } },
    });
    expect(phone.status).toBe(400);
    expect(phone.body.message).toBe('Campo Telefone é inválido!');
    expect((await contactsSearch('')).length).toBe(before);
  });

  it("gives the person the form's name, e-mail and phone: the contact modal and the Contatos search find them", async () => {
    await visitor({
      nome: 'Mariana Souza',
      email: 'Mariana.Souza@Exemplo.com.br',
      telefone: '(11) 98765-4321',
    });
    const card = await cardOf('Mariana Souza');
    const person = await http.get(`/api/attendances/${card.id}/person`, { cookie: admin });
    expect(person.status).toBe(200);
    expect(person.body).toMatchObject({
      name: 'Mariana Souza',
      emails: ['mariana.souza@exemplo.com.br'],
      phones: [{ phone: '11987654321', is_whatsapp: false }],
    });
    // Contatos finds the visitor by phone (as typed) and by e-mail, as the history does.
    const byPhone = await contactsSearch(`phone=${encodeURIComponent('98765-4321')}`);
    expect(byPhone.map((p) => p.name)).toEqual(['Mariana Souza']);
    const byEmail = await contactsSearch('email=mariana.souza@');
    expect(byEmail.map((p) => p.name)).toEqual(['Mariana Souza']);
  });

  it('a returning visitor with a known e-mail or phone joins that person, adding what it lacks, repeating nothing', async () => {
    await visitor({ nome: 'Rita Lima', email: 'rita@exemplo.com.br' });
    await visitor({ nome: 'Rita Lima', email: 'RITA@exemplo.com.br', telefone: '(21) 99999-0000' });
    await visitor({ nome: 'Rita Lima', telefone: '21 99999-0000' });
    const found = await contactsSearch('name=Rita');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      emails: ['rita@exemplo.com.br'],
      phones: [{ phone: '21999990000' }],
      channel_count: 3,
    });
  });
});

describe('web chat visitor sees quoted replies and whether an operator answered', () => {
  it('the state carries the quoted text above the reply and answered turns true with the first answer', async () => {
    const { token } = await visitor({ nome: 'Paulo Quote' }, 'Qual o prazo?');
    const state = async () =>
      JSON.parse(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/webchat/visitor/state',
            headers: { 'x-visitor-token': token },
          })
        ).body,
      ) as { answered: boolean; messages: { text: string; quoted: { text: string; from: string } | null }[] };
    expect((await state()).answered).toBe(false);

    const card = await cardOf('Paulo Quote');
    const ana = await http.login(OPERATOR);
    const msgs = await http.get(`/api/attendances/${card.id}/messages?limit=10`, { cookie: ana });
    const asked = (msgs.body.items as { message_id: string; text: string }[]).find(
      (m) => m.text === 'Qual o prazo?',
    );
    const reply = await http.post(`/api/attendances/${card.id}/messages`, {
      cookie: ana,
      body: { message: 'Três dias úteis.', replyMessage: asked?.message_id },
    });
    expect(reply.status).toBe(200);

    const after = await state();
    expect(after.answered).toBe(true);
    const answer = after.messages.find((m) => m.text === 'Três dias úteis.');
    expect(answer?.quoted).toEqual({ text: 'Qual o prazo?', from: 'visitor' });
    expect(after.messages.find((m) => m.text === 'Qual o prazo?')?.quoted).toBeNull();
  });
});
