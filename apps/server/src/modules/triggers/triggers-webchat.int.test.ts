import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoIds, newVisitor, setTriage } from '../../../test/helpers/attendance-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { automationSessions, triggers } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { autoDistConfigs } from '../../db/schema/distribution';
import { users } from '../../db/schema/users';
import { automationConsumer } from '../automation-consumer/consumer';
import { runDistributionCycle } from '../distribution/run-cycle';

// The trigger engine end to end over web chat (decision 0009): a visitor writes, the automation consumer reads the
// facts as a worker would, and the attendance (and the visitor's widget) has the triggers' messages; the menu
// holds the attendance until an option hands it to people; working periods at a fixed clock.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let web: number;
let consumer: ReturnType<typeof automationConsumer>;

const text = (t: string) => ({ type: 'TEXT', params: { text: t } });
const day = (monday_to_friday = '', saturday = '', sunday = '') => ({ monday_to_friday, saturday, sunday });

// São Paulo is UTC-3: 14:00Z is 11:00 there.
const WEDNESDAY = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, 25, h + 3, m)).toISOString();
};
const SATURDAY_11H = '2026-11-28T14:00:00Z';

/** The consumer reads every fact (and the facts its handling writes) at a fixed wall clock. */
async function drain(at = WEDNESDAY('11:00')) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  try {
    for (let i = 0; i < 5; i++) if ((await consumer.drain()).facts === 0) break;
  } finally {
    vi.useRealTimers();
  }
}

async function saveText(
  list: { name: string; trigger_text: string; actions: unknown[] }[],
  channel = web,
  type = 'web',
) {
  const r = await http.post(`/api/channels/save-triggers-text/${type}/${channel}`, {
    cookie: manager,
    body: { triggers: list },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
async function saveOther(trigger_type: string, params: Record<string, unknown>, channel = web, type = 'web') {
  const r = await http.post(`/api/channels/save-other-triggers/${type}/${channel}`, {
    cookie: manager,
    body: { trigger_type, params },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A visitor who writes; answers the visitor and their attendance. */
async function visitorWrites(first: string, at?: string) {
  const name = `Visitante ${randomUUID().slice(0, 8)}`;
  const v = await newVisitor(ctx, name);
  const sent = await v.send(first);
  expect(sent.status).toBe(200);
  await drain(at);
  const say = async (t: string, when?: string) => {
    expect((await v.send(t)).status).toBe(200);
    await drain(when);
  };
  const attendance = async () => {
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
    if (!row) throw new Error(`sem atendimento de ${name}`);
    return row;
  };
  return { v, name, say, attendance };
}

async function transcript(attendanceId: number) {
  const rows = await ctx.db
    .select({ text: messages.text, senderType: messages.senderType })
    .from(messages)
    .where(eq(messages.attendanceId, attendanceId))
    .orderBy(asc(messages.id));
  return rows.map((m) => `${m.senderType === 0 ? 'cliente' : 'bot'}: ${m.text}`);
}

async function sessionOf(attendanceId: number) {
  const [s] = await ctx.db
    .select()
    .from(automationSessions)
    .where(eq(automationSessions.attendanceId, attendanceId));
  return s ?? null;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  const [row] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, ids.companyId), eq(channels.kind, 'web')));
  web = row?.id ?? 0;
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  // Each case configures the demo web chat's triggers from scratch.
  await ctx.db.delete(triggers).where(eq(triggers.companyId, ids.companyId));
  await ctx.db.update(channels).set({ useTriggerFromChannelId: null }).where(eq(channels.id, web));
});

describe('human mode', () => {
  it('first message at the opening; text triggers answer keywords; the visitor sees them', async () => {
    await saveOther('first_message', { message: 'Olá! Bem-vindo à Empresa Demo.' });
    await saveText([
      { name: 'Boleto', trigger_text: 'boleto; segunda via', actions: [text('Sua 2ª via está no portal.')] },
      { name: 'Horário', trigger_text: 'horario', actions: [text('Atendemos das 8h às 18h.')] },
    ]);
    const c = await visitorWrites('Oi');
    const a = await c.attendance();
    expect(a.auto).toBe(false);
    await c.say('  SEGUNDA   VIA ');
    await c.say('quero meu boleto');
    await c.say('Horário');
    expect(await transcript(a.id)).toEqual([
      'cliente: Oi',
      'bot: Olá! Bem-vindo à Empresa Demo.',
      'cliente: SEGUNDA   VIA',
      'bot: Sua 2ª via está no portal.',
      'cliente: quero meu boleto',
      'cliente: Horário',
      'bot: Atendemos das 8h às 18h.',
    ]);
    const [stored] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.attendanceId, a.id), eq(messages.text, 'Atendemos das 8h às 18h.')));
    expect(stored?.metadata).toMatchObject({ automatic: true, trigger: 'text' });
    // The widget shows them to the visitor.
    const state = await c.v.state();
    const shown = (state.body.messages as { text: string }[]).map((m) => m.text);
    expect(shown).toContain('Olá! Bem-vindo à Empresa Demo.');
    expect(shown).toContain('Sua 2ª via está no portal.');
  });

  it('the opening message itself is read as a keyword when no menu holds the attendance', async () => {
    await saveText([{ name: 'Preço', trigger_text: 'preco', actions: [text('Veja a tabela de preços.')] }]);
    const c = await visitorWrites('Preço');
    expect(await transcript((await c.attendance()).id)).toEqual([
      'cliente: Preço',
      'bot: Veja a tabela de preços.',
    ]);
  });

  it('a MEDIA action sends the image as an attachment of the stored message', async () => {
    const key = `trg/${ids.companyId}/${web}/${randomUUID()}.png`;
    await ctx.deps.storage.put(key, Buffer.from('png'), 'image/png');
    await saveText([
      {
        name: 'Mapa',
        trigger_text: 'mapa',
        actions: [
          text('Veja o mapa:'),
          { type: 'MEDIA', params: { image: { key, name: 'mapa.png', mime: 'image/png', size: 3 } } },
        ],
      },
    ]);
    const c = await visitorWrites('mapa');
    const rows = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.attendanceId, (await c.attendance()).id), eq(messages.senderType, 1)))
      .orderBy(asc(messages.id));
    expect(rows.map((m) => m.text)).toEqual(['Veja o mapa:', '']);
    expect(rows[1]?.attachments).toMatchObject([
      { type: 'image', mimeType: 'image/png', key, originalName: 'mapa.png' },
    ]);
  });

  it('EXIT_CHAT finalizes with its status after the texts; on_chat_close says goodbye', async () => {
    await saveOther('on_chat_close', { message: 'Obrigado pelo contato!' });
    await saveText([
      {
        name: 'Sair',
        trigger_text: 'sair',
        actions: [text('Até logo.'), { type: 'EXIT_CHAT', params: { status_id: ids.status('Resolvido') } }],
      },
    ]);
    const c = await visitorWrites('Oi');
    await c.say('sair');
    const a = await c.attendance();
    expect(a.closedAt).not.toBeNull();
    expect(a.statusId).toBe(ids.status('Resolvido'));
    const t = await transcript(a.id);
    expect(t.slice(0, 4)).toEqual(['cliente: Oi', 'cliente: sair', 'bot: Até logo.', t[3]]);
    expect(t.at(-1)).toBe('bot: Obrigado pelo contato!');
  });
});

describe('the trigger menu', () => {
  async function menuTriggers() {
    await saveOther('menu', { message: 'Digite: boleto, atendente ou sair.' });
    await saveOther('invalid_command', { message: 'Opção inválida.' });
    await saveOther('offline_operators_notification', { message: 'Nenhum atendente online agora; aguarde.' });
    await saveText([
      { name: 'Boleto', trigger_text: 'boleto', actions: [text('Sua 2ª via está no portal.')] },
      {
        name: 'Atendente',
        trigger_text: 'atendente',
        actions: [
          text('Transferindo para o Suporte.'),
          { type: 'CHAT', params: { sector_id: ids.sector('Suporte') } },
        ],
      },
      {
        name: 'Menu',
        trigger_text: 'menu',
        actions: [{ type: 'QUIT_CHAT', params: {} }, text('Voltando ao menu.')],
      },
    ]);
  }

  it('holds the attendance (automatic, not distributed) until an option with CHAT hands it to the sector', async () => {
    await menuTriggers();
    await setTriage(ctx, ids.companyId, 'OPERATOR', true);
    await ctx.db
      .insert(autoDistConfigs)
      .values({ companyId: ids.companyId, enabled: true, chatPerUser: 5 })
      .onConflictDoNothing();
    const c = await visitorWrites('Oi');
    let a = await c.attendance();
    expect(a.auto).toBe(true);
    expect((await sessionOf(a.id))?.holder).toBe('menu');
    await ctx.db
      .update(users)
      .set({ operatorStatus: 'online' })
      .where(inArray(users.email, [OPERATOR, OPERATOR2]));
    await runDistributionCycle(ctx.deps, { companyId: ids.companyId });
    expect((await c.attendance()).operatorAssignedId).toBeNull();
    await ctx.db
      .update(users)
      .set({ operatorStatus: 'offline' })
      .where(inArray(users.email, [OPERATOR, OPERATOR2]));

    await c.say('talvez');
    await c.say('boleto');
    a = await c.attendance();
    expect(a.auto).toBe(true);
    await c.say('Atendente');
    a = await c.attendance();
    expect(a.auto).toBe(false);
    expect(a.sectorId).toBe(ids.sector('Suporte'));
    expect(await sessionOf(a.id)).toBeNull();
    expect(await transcript(a.id)).toEqual([
      'cliente: Oi',
      'bot: Digite: boleto, atendente ou sair.',
      'cliente: talvez',
      'bot: Opção inválida.',
      'bot: Digite: boleto, atendente ou sair.',
      'cliente: boleto',
      'bot: Sua 2ª via está no portal.',
      'cliente: Atendente',
      'bot: Transferindo para o Suporte.',
      // The handover found nobody of Suporte online.
      'bot: Nenhum atendente online agora; aguarde.',
    ]);

    // Distribution now gives it to an online operator of Suporte.
    await ctx.db
      .update(users)
      .set({ operatorStatus: 'online' })
      .where(inArray(users.email, [OPERATOR, OPERATOR2]));
    expect(
      (await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).assigned,
    ).toBeGreaterThanOrEqual(1);
    a = await c.attendance();
    expect([ids.user(OPERATOR), ids.user(OPERATOR2)]).toContain(a.operatorAssignedId);

    // In human mode, QUIT_CHAT takes it back to the menu: the operator is removed, the menu sent again.
    await c.say('menu');
    a = await c.attendance();
    expect(a.auto).toBe(true);
    expect(a.operatorAssignedId).toBeNull();
    expect((await sessionOf(a.id))?.holder).toBe('menu');
    expect((await transcript(a.id)).slice(-3)).toEqual([
      'cliente: menu',
      'bot: Voltando ao menu.',
      'bot: Digite: boleto, atendente ou sair.',
    ]);
    await ctx.db
      .update(users)
      .set({ operatorStatus: 'offline' })
      .where(inArray(users.email, [OPERATOR, OPERATOR2]));
    await setTriage(ctx, ids.companyId, 'OPERATOR', false);
  });

  it('no offline notification when an operator of the sector is online', async () => {
    await menuTriggers();
    await ctx.db.update(users).set({ operatorStatus: 'online' }).where(eq(users.email, OPERATOR));
    const c = await visitorWrites('Oi');
    await c.say('atendente');
    const t = await transcript((await c.attendance()).id);
    expect(t.at(-1)).toBe('bot: Transferindo para o Suporte.');
    await ctx.db.update(users).set({ operatorStatus: 'offline' }).where(eq(users.email, OPERATOR));
  });

  it('an opening message that names a text trigger runs it instead of the menu', async () => {
    await menuTriggers();
    const c = await visitorWrites('boleto');
    const a = await c.attendance();
    expect(await transcript(a.id)).toEqual(['cliente: boleto', 'bot: Sua 2ª via está no portal.']);
    expect(a.auto).toBe(true);
    expect((await sessionOf(a.id))?.holder).toBe('menu');
  });

  it("menu with options: a numbered list; the number runs the option's trigger", async () => {
    await saveOther('menu_keyboard_buttons', {
      message: 'Escolha uma opção:',
      buttons: [
        { label: 'Segunda via', trigger_text: 'boleto' },
        { label: 'Falar com atendente', trigger_text: 'atendente' },
      ],
    });
    await saveText([
      { name: 'Boleto', trigger_text: 'boleto', actions: [text('Sua 2ª via está no portal.')] },
      { name: 'Atendente', trigger_text: 'atendente', actions: [{ type: 'CHAT', params: {} }] },
    ]);
    const c = await visitorWrites('Olá');
    await c.say('1');
    await c.say('2');
    const a = await c.attendance();
    expect(await transcript(a.id)).toEqual([
      'cliente: Olá',
      'bot: Escolha uma opção:\n1 - Segunda via\n2 - Falar com atendente',
      'cliente: 1',
      'bot: Sua 2ª via está no portal.',
      'cliente: 2',
    ]);
    // CHAT without a sector: the attendance's own queue.
    expect(a.auto).toBe(false);
    expect(await sessionOf(a.id)).toBeNull();
  });

  it('EXIT_CHAT in the menu finalizes the attendance', async () => {
    await saveOther('menu', { message: 'Digite sair para encerrar.' });
    await saveText([
      {
        name: 'Sair',
        trigger_text: 'sair',
        actions: [{ type: 'EXIT_CHAT', params: { status_id: ids.status('Resolvido') } }],
      },
    ]);
    const c = await visitorWrites('Oi');
    await c.say('sair');
    const a = await c.attendance();
    expect(a.closedAt).not.toBeNull();
    expect(a.statusId).toBe(ids.status('Resolvido'));
    expect(await sessionOf(a.id)).toBeNull();
  });
});

describe('working periods at a fixed clock (company timezone)', () => {
  async function periods() {
    await saveOther('before_working_period', { ...day('08:00', '09:00'), message: 'Ainda não abrimos.' });
    await saveOther('after_working_period', { ...day('18:00', '12:00'), message: 'Já encerramos por hoje.' });
    await saveOther('limit_receivement', {
      time: day('17:30'),
      after_time: day('18:00'),
      message: 'Estamos perto do fim do expediente.',
    });
  }
  it.each<[string, string, string[]]>([
    ['before work on a weekday', WEDNESDAY('07:59'), ['bot: Ainda não abrimos.']],
    ['during work', WEDNESDAY('11:00'), []],
    ['at the receiving limit', WEDNESDAY('17:45'), ['bot: Estamos perto do fim do expediente.']],
    ['after work', WEDNESDAY('18:00'), ['bot: Já encerramos por hoje.']],
    ['Saturday after its own end', SATURDAY_11H.replace('14:00', '15:30'), ['bot: Já encerramos por hoje.']],
    ['Saturday within its hours', SATURDAY_11H, []],
  ])('%s', async (_case, at, expected) => {
    await periods();
    const c = await visitorWrites('Oi', at);
    expect((await transcript((await c.attendance()).id)).slice(1)).toEqual(expected);
  });

  it('close_attempted finalizes an opening outside its hours with its status, without the closing message', async () => {
    await saveOther('after_working_period', { ...day('18:00'), message: 'Já encerramos por hoje.' });
    await saveOther('close_attempted', {
      status_id: ids.status('Sem retorno do cliente'),
      before: day('07:00'),
      after: day('20:00'),
      message: 'Este atendimento foi encerrado; volte amanhã.',
    });
    await saveOther('first_message', { message: 'Olá!' });
    await saveOther('on_chat_close', { message: 'Obrigado pelo contato!' });
    const late = await visitorWrites('Oi', WEDNESDAY('21:00'));
    const a = await late.attendance();
    expect(a.closedAt).not.toBeNull();
    expect(a.statusId).toBe(ids.status('Sem retorno do cliente'));
    const t = await transcript(a.id);
    expect(t.slice(0, 3)).toEqual([
      'cliente: Oi',
      'bot: Já encerramos por hoje.',
      'bot: Este atendimento foi encerrado; volte amanhã.',
    ]);
    expect(t).not.toContain('bot: Olá!');
    expect(t).not.toContain('bot: Obrigado pelo contato!');
    // At 19:00 it stays open: only the after-work message (and the welcome).
    const evening = await visitorWrites('Oi', WEDNESDAY('19:00'));
    expect((await evening.attendance()).closedAt).toBeNull();
    expect((await transcript((await evening.attendance()).id)).slice(1)).toEqual([
      'bot: Olá!',
      'bot: Já encerramos por hoje.',
    ]);
  });
});

describe('agreement', () => {
  async function agreement() {
    await saveOther('agreement', {
      text: 'Você aceita os termos de uso?',
      accepted_message: 'Obrigado! Vamos continuar.',
      refused_message: 'Sem o aceite não podemos atender.',
      status_id: ids.status('Resolvido'),
    });
  }

  it('asks and holds; asks again on another answer; accepted goes on and is kept on the contact', async () => {
    await agreement();
    await saveText([
      { name: 'Boleto', trigger_text: 'boleto', actions: [text('Sua 2ª via está no portal.')] },
    ]);
    const c = await visitorWrites('Oi');
    let a = await c.attendance();
    expect(a.auto).toBe(true);
    expect((await sessionOf(a.id))?.holder).toBe('agreement');
    await c.say('talvez');
    await c.say('Sim');
    a = await c.attendance();
    expect(a.auto).toBe(false);
    expect(await sessionOf(a.id)).toBeNull();
    await c.say('boleto');
    const question = 'bot: Você aceita os termos de uso?\n\nResponda 1 - Aceito ou 2 - Não aceito.';
    expect(await transcript(a.id)).toEqual([
      'cliente: Oi',
      question,
      'cliente: talvez',
      question,
      'cliente: Sim',
      'bot: Obrigado! Vamos continuar.',
      'cliente: boleto',
      'bot: Sua 2ª via está no portal.',
    ]);
    const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, a.contactId));
    expect(typeof contact?.data.agreement_accepted_at).toBe('string');
  });

  it("refused: the refusal message and the attendance finalized with the trigger's status, no closing message", async () => {
    await agreement();
    await saveOther('on_chat_close', { message: 'Obrigado pelo contato!' });
    const c = await visitorWrites('Oi');
    await c.say('não');
    const a = await c.attendance();
    expect(a.closedAt).not.toBeNull();
    expect(a.statusId).toBe(ids.status('Resolvido'));
    const t = await transcript(a.id);
    expect(t).toContain('bot: Sem o aceite não podemos atender.');
    expect(t).not.toContain('bot: Obrigado pelo contato!');
  });
});

describe("another channel's triggers", () => {
  it("a channel with use_trigger_from_channel_id answers with that channel's triggers", async () => {
    const [source] = await ctx.db
      .insert(channels)
      .values({
        companyId: ids.companyId,
        kind: 'tg',
        name: 'Bot de origem',
        defaultSectorId: ids.sector('Suporte'),
        routeKey: 'triggers-webchat-source',
      })
      .returning();
    const sourceId = source?.id ?? 0;
    await saveText(
      [{ name: 'Oi', trigger_text: 'promo', actions: [text('Promoção da semana!')] }],
      sourceId,
      'telegram',
    );
    // Its own trigger is not used meanwhile.
    await saveText([{ name: 'Próprio', trigger_text: 'promo', actions: [text('Não devia aparecer.')] }]);
    const use = await http.post(`/api/channels/use-triggers-from/web/${web}`, {
      cookie: manager,
      body: { channel_id: sourceId },
    });
    expect(use.status).toBe(200);
    const c = await visitorWrites('promo');
    expect(await transcript((await c.attendance()).id)).toEqual([
      'cliente: promo',
      'bot: Promoção da semana!',
    ]);
  });
});
