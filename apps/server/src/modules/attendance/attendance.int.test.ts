import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow, setTriage } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { userTransferSectors } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let ana: string;
let bruno: string;
let gestor: string;

type Card = {
  id: number;
  name: string;
  operator_assigned_id: number | null;
  sector_id: number;
  status: number | null;
  protocol: string;
  unread_count: number;
  answered: boolean;
  notes: string;
  busy_client: boolean;
  closed_at: string | null;
};

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  ana = await http.login(OPERATOR);
  bruno = await http.login(OPERATOR2);
  gestor = await http.login(MANAGER);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await setTriage(ctx, ids.companyId, 'BASIC');
  await setAllow(ctx, ids.companyId, { opTransfer: false, allowedSectors: false, viewedby: true });
});

async function openCard(name: string, text = 'Olá') {
  const v = await newVisitor(ctx, name);
  await v.send(text);
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('sem atendimento');
  return { visitor: v, id: row.id };
}

const cards = async (cookie: string, query = '') =>
  (await http.get(`/api/attendances${query}`, { cookie })).body.items as Card[];
const statusUrl = (sectorId: number, userId: number) =>
  `/api/set-status/${ids.companyId}/${sectorId}/${userId}`;

describe('messages', () => {
  it('an operator answers: the card becomes answered and read, theirs, and the visitor sees the reply', async () => {
    const { visitor, id } = await openCard('Eduardo');
    const empty = await http.post(`/api/attendances/${id}/messages`, {
      cookie: ana,
      body: { message: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Sua mensagem está vazia.');
    const iframe = await http.post(`/api/attendances/${id}/messages`, {
      cookie: ana,
      body: { message: 'veja <iframe src="x">' },
    });
    expect(iframe.status).toBe(400);
    expect(iframe.body.message).toBe('Mensagem do tipo Iframe não pode ser enviada!');

    const sent = await http.post(`/api/attendances/${id}/messages`, {
      cookie: ana,
      body: { message: 'Olá, *Eduardo*! Como posso ajudar?' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ sender_type: 1, operator_name: 'Ana', delivery: 'sent' });
    expect(sent.body.card).toMatchObject({
      answered: true,
      unread_count: 0,
      operator_assigned_id: ids.user(OPERATOR),
    });

    const state = await visitor.state();
    const msgs = state.body.messages as { from: string; text: string; operator_name: string | null }[];
    expect(msgs.map((m) => m.from)).toEqual(['visitor', 'operator']);
    expect(msgs[1]).toMatchObject({ text: 'Olá, *Eduardo*! Como posso ajudar?', operator_name: 'Ana' });
  });

  it('pages a long conversation backwards, newest first', async () => {
    const { visitor, id } = await openCard('Fabiana');
    for (let i = 1; i <= 7; i++) await visitor.send(`mensagem ${i}`);
    const page1 = await http.get(`/api/attendances/${id}/messages?limit=5`, { cookie: ana });
    const items1 = page1.body.items as { id: number; text: string }[];
    expect(items1.map((m) => m.text)).toEqual([
      'mensagem 7',
      'mensagem 6',
      'mensagem 5',
      'mensagem 4',
      'mensagem 3',
    ]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await http.get(`/api/attendances/${id}/messages?limit=5&before=${items1[4]?.id}`, {
      cookie: ana,
    });
    expect((page2.body.items as { text: string }[]).map((m) => m.text)).toEqual([
      'mensagem 2',
      'mensagem 1',
      'Olá',
    ]);
    expect(page2.body.has_more).toBe(false);
  });

  it('quotes a message of the same attendance', async () => {
    const { id } = await openCard('Gabriel', 'Qual o prazo?');
    const list = await http.get(`/api/attendances/${id}/messages`, { cookie: ana });
    const quoted = (list.body.items as { message_id: string }[])[0]?.message_id;
    const r = await http.post(`/api/attendances/${id}/messages`, {
      cookie: ana,
      body: { message: 'Dez dias.', replyMessage: quoted },
    });
    expect(r.status).toBe(200);
    const after = await http.get(`/api/attendances/${id}/messages`, { cookie: ana });
    expect((after.body.items as { quoted_message: { text: string } | null }[])[0]?.quoted_message?.text).toBe(
      'Qual o prazo?',
    );
    expect((r.body.message as { quoted_message: { text: string } | null }).quoted_message?.text).toBe(
      'Qual o prazo?',
    );
  });
});

describe('forwarding', () => {
  it('forwards a message to another open attendance the operator sees, marked as forwarded', async () => {
    const { id: from } = await openCard('Vera', 'Meu pedido é o 123');
    const { visitor: target, id: to } = await openCard('Wagner');
    const msgs = await http.get(`/api/attendances/${from}/messages`, { cookie: ana });
    const messageId = (msgs.body.items as { message_id: string }[])[0]?.message_id;
    const r = await http.post(`/api/attendances/${from}/forward`, {
      cookie: ana,
      body: { message_id: messageId, target_attendance_id: to },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatchObject({ text: 'Meu pedido é o 123', metadata: { forwarded: true } });
    const seen = (await target.state()).body.messages as { text: string }[];
    expect(seen.map((m) => m.text)).toContain('Meu pedido é o 123');
    const wrong = await http.post(`/api/attendances/${from}/forward`, {
      cookie: ana,
      body: { message_id: 'nao-existe', target_attendance_id: to },
    });
    expect(wrong.status).toBe(404);
  });
});

describe('status, finalization and history of a contact', () => {
  it('classifies, then finalizes; a closed attendance refuses messages; the contact writing again opens a new protocol', async () => {
    const { visitor, id } = await openCard('Helena');
    const comercial = ids.sector('Comercial');
    const wrongUser = await http.post(statusUrl(comercial, ids.user(OPERATOR2)), {
      cookie: ana,
      body: { status: ids.status('Em negociação'), contact: id },
    });
    expect(wrongUser.status).toBe(403);
    const otherCompany = await http.post(
      `/api/set-status/${ids.companyId + 1}/${comercial}/${ids.user(OPERATOR)}`,
      { cookie: ana, body: { status: 1, contact: id } },
    );
    expect(otherCompany.status).toBe(404);

    const classify = await http.post(statusUrl(comercial, ids.user(OPERATOR)), {
      cookie: ana,
      body: { status: ids.status('Em negociação'), contact: id },
    });
    expect(classify.status).toBe(200);
    expect(classify.body).toMatchObject({ message: 'Status alterado com sucesso!', closed: false });
    expect((classify.body.card as Card).status).toBe(ids.status('Em negociação'));

    const fin = await http.post(statusUrl(comercial, ids.user(OPERATOR)), {
      cookie: ana,
      body: { status: ids.status('Resolvido'), contact: id },
    });
    expect(fin.status).toBe(200);
    expect(fin.body).toMatchObject({ message: 'Atendimento finalizado com sucesso!', closed: true });
    const firstProtocol = (fin.body.card as Card).protocol;
    expect((await cards(ana)).some((c) => c.id === id)).toBe(false);

    const late = await http.post(`/api/attendances/${id}/messages`, {
      cookie: ana,
      body: { message: 'oi?' },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Atendimento já foi Finalizado!');
    expect((await visitor.state()).body.state).toBe('closed');

    await visitor.send('Voltei com outra dúvida');
    const reopened = (await cards(ana)).find((c) => c.name === 'Helena');
    expect(reopened).toBeDefined();
    expect(reopened?.id).not.toBe(id);
    expect(reopened?.protocol).not.toBe(firstProtocol);
  });
});

describe('visibility through the API (spec 1 §6)', () => {
  it('triage OPERATOR: operators see own + unassigned, opening one takes it; others then get 404', async () => {
    await setTriage(ctx, ids.companyId, 'OPERATOR');
    const { id } = await openCard('Igor');
    expect((await cards(ana)).some((c) => c.id === id)).toBe(true);
    // Bruno is not in Comercial: never sees it.
    expect((await cards(bruno)).some((c) => c.id === id)).toBe(false);
    expect((await http.get(`/api/attendances/${id}`, { cookie: bruno })).status).toBe(404);

    const viewed = await http.post(`/api/attendances/${id}/viewed`, { cookie: ana });
    expect((viewed.body.card as Card).operator_assigned_id).toBe(ids.user(OPERATOR));
    // Opened by its operator: read.
    expect((viewed.body.card as Card).unread_count).toBe(0);
    // The manager sees all and the viewed-by list.
    expect((await cards(gestor)).some((c) => c.id === id)).toBe(true);
    const views = await http.get(`/api/attendances/${id}/viewed`, { cookie: gestor });
    expect((views.body as unknown as { user_name: string }[]).map((v) => v.user_name)).toEqual(['Ana']);
    expect((await http.get(`/api/attendances/${id}/viewed`, { cookie: ana })).status).toBe(403);
  });

  it('exposes the company switches the screens need to every user', async () => {
    await setTriage(ctx, ids.companyId, 'OPERATOR', true);
    const r = await http.get('/api/company/features', { cookie: ana });
    expect(r.body).toMatchObject({
      triage: 'MANAGER',
      auto_dist: true,
      allow: { viewedby: true },
      timezone: 'America/Sao_Paulo',
    });
  });

  it('triage MANAGER and automatic distribution: operators see only their own cards', async () => {
    await setTriage(ctx, ids.companyId, 'MANAGER');
    const { id } = await openCard('Joana');
    expect((await cards(ana)).some((c) => c.id === id)).toBe(false);
    expect((await http.get(`/api/attendances/${id}/messages`, { cookie: ana })).status).toBe(404);
    await http.post(`/api/attendances/${id}/switch-operator`, {
      cookie: gestor,
      body: { operator_id: ids.user(OPERATOR) },
    });
    expect((await cards(ana)).some((c) => c.id === id)).toBe(true);

    await setTriage(ctx, ids.companyId, 'BASIC', true);
    const { id: other } = await openCard('Karina');
    expect((await cards(ana)).some((c) => c.id === other)).toBe(false);
    expect((await cards(ana)).some((c) => c.id === id)).toBe(true);
  });

  it('a user of another company gets 404 on the card and its messages', async () => {
    const { id } = await openCard('Leo');
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/attendances/${id}`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/attendances/${id}/messages`, { cookie: other })).status).toBe(404);
    expect(
      (await http.post(`/api/attendances/${id}/messages`, { cookie: other, body: { message: 'x' } })).status,
    ).toBe(404);
    expect((await cards(other)).length).toBe(0);
  });
});

describe('filters and counters', () => {
  it('counts unread with and without interaction, read and busy client', async () => {
    const admin = await http.login(ADMIN);
    const { id: answeredId, visitor } = await openCard('Marcos');
    await http.post(`/api/attendances/${answeredId}/messages`, {
      cookie: admin,
      body: { message: 'Oi Marcos' },
    });
    await visitor.send('obrigado');
    const page = await http.get('/api/attendances', { cookie: admin });
    const counters = page.body.counters as Record<
      'all' | 'unread_interaction' | 'unread_no_interaction' | 'read',
      number
    >;
    const all = page.body.items as Card[];
    expect(counters.all).toBe(all.length);
    expect(counters.unread_interaction).toBeGreaterThanOrEqual(1);
    const unreadInteraction = await cards(admin, '?filter=unread_interaction');
    expect(unreadInteraction.map((c) => c.name)).toContain('Marcos');
    expect(unreadInteraction.every((c) => c.unread_count > 0 && c.answered)).toBe(true);
    const noInteraction = await cards(admin, '?filter=unread_no_interaction');
    expect(noInteraction.every((c) => !c.answered)).toBe(true);
    expect(counters.unread_interaction + counters.unread_no_interaction + counters.read).toBe(counters.all);

    const comercial = ids.sector('Comercial');
    const busy = await http.post(`/api/set-busy-client/${ids.companyId}/${comercial}/${ids.user(ADMIN)}`, {
      cookie: admin,
      body: { busy: true, contact: answeredId },
    });
    expect(busy.status).toBe(200);
    expect((await cards(admin, '?filter=busy_client_interaction')).map((c) => c.id)).toEqual([answeredId]);
    const bySector = await cards(admin, `?sector_id=${ids.sector('Financeiro')}`);
    expect(bySector.every((c) => c.sector_id === ids.sector('Financeiro'))).toBe(true);
    expect((await http.get('/api/attendances?filter=nada', { cookie: admin })).status).toBe(400);
  });
});

describe('notes and transfers', () => {
  it('saves notes and moves a card between sectors and operators with the rules of opTransfer', async () => {
    const { id } = await openCard('Nina');
    const notes = await http.post(`/api/attendances/${id}/save-notes`, {
      cookie: ana,
      body: { notes: 'Cliente VIP' },
    });
    expect(notes.body).toMatchObject({ message: 'Anotações salvas com sucesso!' });
    expect((notes.body.card as Card).notes).toBe('Cliente VIP');

    const toSupport = await http.post(`/api/attendances/${id}/switch-sector`, {
      cookie: ana,
      body: { sector_id: ids.sector('Suporte') },
    });
    expect(toSupport.body.message).toBe('Setor alterado com sucesso!');
    const missing = await http.post(`/api/attendances/${id}/switch-sector`, {
      cookie: ana,
      body: { sector_id: 99999 },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('O setor responsável pelo atendimento não foi localizado.');

    const operators = await http.get(`/api/attendances/${id}/operators`, { cookie: ana });
    expect((operators.body as unknown as { name: string }[]).map((o) => o.name)).toContain('Bruno');
    const toBruno = await http.post(`/api/attendances/${id}/switch-operator`, {
      cookie: ana,
      body: { operator_id: ids.user(OPERATOR2) },
    });
    expect(toBruno.body.message).toBe('Operador alterado com sucesso!');
    expect((await cards(bruno)).some((c) => c.id === id)).toBe(true);

    await setAllow(ctx, ids.companyId, { opTransfer: true });
    const refused = await http.post(`/api/attendances/${id}/switch-sector`, {
      cookie: bruno,
      body: { sector_id: ids.sector('Financeiro') },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Voce não tem permissão para executar essa ação.');
    const byManager = await http.post(`/api/attendances/${id}/switch-sector`, {
      cookie: gestor,
      body: { sector_id: ids.sector('Financeiro') },
    });
    expect(byManager.status).toBe(200);
  });

  it('with restrictTransfer, operators transfer only to their transfer sectors; with allowedSectors, only to their own', async () => {
    const { id } = await openCard('Yara');
    await setAllow(ctx, ids.companyId, { restrictTransfer: true });
    const refused = await http.post(`/api/attendances/${id}/switch-sector`, {
      cookie: ana,
      body: { sector_id: ids.sector('Financeiro') },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Voce não tem permissão para executar essa ação.');
    await ctx.db
      .insert(userTransferSectors)
      .values({ companyId: ids.companyId, userId: ids.user(OPERATOR), sectorId: ids.sector('Financeiro') });
    expect(
      (
        await http.post(`/api/attendances/${id}/switch-sector`, {
          cookie: ana,
          body: { sector_id: ids.sector('Financeiro') },
        })
      ).status,
    ).toBe(200);

    await setAllow(ctx, ids.companyId, { restrictTransfer: false, allowedSectors: true });
    const { id: other } = await openCard('Zilda');
    expect(
      (
        await http.post(`/api/attendances/${other}/switch-sector`, {
          cookie: ana,
          body: { sector_id: ids.sector('Financeiro') },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await http.post(`/api/attendances/${other}/switch-sector`, {
          cookie: ana,
          body: { sector_id: ids.sector('Suporte') },
        })
      ).status,
    ).toBe(200);
    await setAllow(ctx, ids.companyId, { allowedSectors: false });
  });

  it('only managers remove a locked attendance', async () => {
    const { id } = await openCard('Otávio');
    await ctx.db.update(attendances).set({ locked: true }).where(eq(attendances.id, id));
    expect((await http.post('/api/del-locked-contact', { cookie: ana, body: { contact: id } })).status).toBe(
      403,
    );
    const r = await http.post('/api/del-locked-contact', { cookie: gestor, body: { contact: id } });
    expect(r.status).toBe(200);
    expect((await cards(gestor)).some((c) => c.id === id)).toBe(false);
  });
});
