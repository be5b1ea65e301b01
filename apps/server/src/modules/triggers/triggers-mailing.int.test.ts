import { randomUUID } from 'node:crypto';
import { TRIGGER_MSG } from '@prosa/shared/triggers';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { automationSessions, triggers } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import { automationConsumer } from '../automation-consumer/consumer';
import { processMailing } from '../mailing/process-mailing';

// The mailing triggers end to end over web chat (spec 2 §5; issue 18): a visitor writes, the automation consumer
// reads the facts as a worker would; mailing_validation asks, looks the answer up and answers true or false;
// mailing_sector_transfer sends the attendance to the sector of the contact's row.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let web: number;
let consumer: ReturnType<typeof automationConsumer>;

async function drain() {
  for (let i = 0; i < 6; i++) if ((await consumer.drain()).facts === 0) break;
}

async function mailing(title: string, csv: string, params: unknown[], extra: Record<string, unknown> = {}) {
  const m = multipart([
    { name: 'file', filename: 'lista.csv', contentType: 'text/csv', data: Buffer.from(csv) },
  ]);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/mailing-upload',
    headers: { ...m.headers, cookie: manager },
    payload: m.payload,
  });
  const url = (JSON.parse(up.body) as { url: string }).url;
  const r = await http.post('/api/mailings', {
    cookie: manager,
    body: { title, urlFile: url, params, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = (r.body.mailing as { id: number }).id;
  await processMailing(ctx.deps, { companyId: ids.companyId, mailingId: id });
  return id;
}

async function saveOther(trigger_type: string, params: Record<string, unknown>) {
  return http.post(`/api/channels/save-other-triggers/web/${web}`, {
    cookie: manager,
    body: { trigger_type, params },
  });
}

async function visitor(email?: string) {
  const name = `Visitante ${randomUUID().slice(0, 8)}`;
  const v = await newVisitor(ctx, name);
  if (email)
    await ctx.db
      .update(contacts)
      .set({ data: sql`${contacts.data} || jsonb_build_object('contact_email', ${email}::text)` })
      .where(eq(contacts.externalId, v.visitorId));
  const say = async (t: string) => {
    expect((await v.send(t)).status).toBe(200);
    await drain();
  };
  const attendance = async () => {
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
    if (!row) throw new Error('sem atendimento');
    return row;
  };
  return { say, attendance };
}

async function transcript(attendanceId: number) {
  const rows = await ctx.db
    .select({ text: messages.text, senderType: messages.senderType })
    .from(messages)
    .where(eq(messages.attendanceId, attendanceId))
    .orderBy(asc(messages.id));
  return rows.map((m) => `${m.senderType === 0 ? 'cliente' : 'bot'}: ${m.text}`);
}

const CSV = [
  'nome;cpf;email;cod_setor',
  'Maria;123.456.789-00;maria@exemplo.com;Financeiro',
  'João;98765432100;joao@exemplo.com;999',
].join('\n');
const PARAMS = [
  { field: 0, label: 'Nome', display: true },
  { field: 1, label: 'CPF', display: true },
  { field: 2, label: 'E-mail', display: false, is_key_to_channel: ['web', 'em'] },
  { field: 3, label: 'cod_setor', display: false },
];
const validation = (mailingId: number, extra: Record<string, unknown> = {}) => ({
  message: 'Olá! Informe seu CPF.',
  mailing_id: mailingId,
  field: 1,
  true_message: 'CPF confirmado!',
  false_message: 'CPF não encontrado.',
  ...extra,
});

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
  await ctx.db.delete(triggers).where(eq(triggers.companyId, ids.companyId));
});

describe('saving the mailing triggers', () => {
  it('refuses an inactive or expired mailing, a missing column, and a sector transfer without cod_setor', async () => {
    const inactive = await mailing('Inativo', CSV, PARAMS, { active: false });
    const expired = await mailing('Vencido', CSV, PARAMS, {
      due_date_min: '01/01/2020',
      due_date_max: '31/01/2020',
    });
    const noSector = await mailing('Sem setor', 'nome;email\nA;a@b.com\n', [
      { field: 0, label: 'Nome' },
      { field: 1, label: 'E-mail', is_key_to_channel: ['web'] },
    ]);
    const noKey = await mailing(
      'Sem chave',
      CSV,
      PARAMS.map((p) => ({ ...p, is_key_to_channel: [] })),
    );
    const ok = await mailing('Ok', CSV, PARAMS);
    const cases: [string, Record<string, unknown>, string][] = [
      ['mailing_validation', validation(inactive), TRIGGER_MSG.mailingNotActive],
      ['mailing_validation', validation(expired), TRIGGER_MSG.mailingNotActive],
      ['mailing_validation', validation(ok, { field: 9 }), TRIGGER_MSG.mailingFieldInvalid],
      ['mailing_validation', validation(ok, { true_message: '' }), TRIGGER_MSG.trueMessageRequired],
      [
        'mailing_validation',
        validation(ok, { save_metadata: true, save_field: 'nao_existe' }),
        TRIGGER_MSG.saveFieldNotFound,
      ],
      ['mailing_sector_transfer', { mailing_id: noSector }, TRIGGER_MSG.mailingNoSectorColumn],
      ['mailing_sector_transfer', { mailing_id: noKey }, TRIGGER_MSG.mailingNoChannelKey],
    ];
    for (const [type, params, message] of cases) {
      const r = await saveOther(type, params);
      expect(r.status, `${type} ${JSON.stringify(params)}`).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await ctx.db.select().from(triggers).where(eq(triggers.companyId, ids.companyId))).toEqual([]);
    expect((await saveOther('mailing_validation', validation(ok))).status).toBe(200);
    expect((await saveOther('mailing_sector_transfer', { mailing_id: ok })).status).toBe(200);
  });
});

describe('mailing_validation', () => {
  it('asks at the opening, finds the answer by its digits, saves it into the contact field and goes on', async () => {
    const id = await mailing('Clientes CPF', CSV, PARAMS);
    await ctx.db
      .insert(contactFieldDefinitions)
      .values({ companyId: ids.companyId, key: 'cpf', label: 'CPF', type: 'text' })
      .onConflictDoNothing();
    expect(
      (await saveOther('mailing_validation', validation(id, { save_metadata: true, save_field: 'cpf' })))
        .status,
    ).toBe(200);
    const c = await visitor();
    await c.say('Oi');
    let a = await c.attendance();
    expect(a.auto).toBe(true);
    await c.say('12345678900');
    a = await c.attendance();
    expect(await transcript(a.id)).toEqual([
      'cliente: Oi',
      'bot: Olá! Informe seu CPF.',
      'cliente: 12345678900',
      'bot: CPF confirmado!',
    ]);
    expect(a.auto).toBe(false);
    expect((a.data as { contact_metadata?: Record<string, string> }).contact_metadata).toMatchObject({
      cpf: '12345678900',
    });
    const [s] = await ctx.db
      .select()
      .from(automationSessions)
      .where(eq(automationSessions.attendanceId, a.id));
    expect(s).toBeUndefined();
  });

  it('answers the false message when the answer is not in the mailing', async () => {
    const id = await mailing('Clientes CPF 2', CSV, PARAMS);
    await saveOther('mailing_validation', validation(id));
    const c = await visitor();
    await c.say('Bom dia');
    await c.say('111.111.111-11');
    const a = await c.attendance();
    expect((await transcript(a.id)).slice(-2)).toEqual([
      'cliente: 111.111.111-11',
      'bot: CPF não encontrado.',
    ]);
    expect(a.auto).toBe(false);
  });

  it('asks after an accepted agreement', async () => {
    const id = await mailing('Clientes CPF 3', CSV, PARAMS);
    await saveOther('agreement', {
      text: 'Aceita os termos?',
      accepted_message: 'Obrigado!',
      refused_message: 'Tchau',
      status_id: ids.status('Resolvido') || ids.status('Finalizado'),
    });
    await saveOther('mailing_validation', validation(id));
    const c = await visitor();
    await c.say('Oi');
    await c.say('sim');
    await c.say('98765432100');
    const a = await c.attendance();
    const t = await transcript(a.id);
    expect(t.slice(-5)).toEqual([
      'cliente: sim',
      'bot: Obrigado!',
      'bot: Olá! Informe seu CPF.',
      'cliente: 98765432100',
      'bot: CPF confirmado!',
    ]);
  });
});

describe('mailing_sector_transfer', () => {
  it("sends the attendance to the sector of the contact's cod_setor (by name), and leaves others alone", async () => {
    const id = await mailing('Setores', CSV, PARAMS);
    expect((await saveOther('mailing_sector_transfer', { mailing_id: id })).status).toBe(200);
    const financeiro = ids.sector('Financeiro');
    expect(financeiro).toBeGreaterThan(0);
    const found = await visitor('Maria@Exemplo.com');
    await found.say('Oi');
    const a = await found.attendance();
    expect(a.sectorId).toBe(financeiro);
    expect(a.auto).toBe(false);

    // João's cod_setor names no sector; a stranger has no row: both stay in the channel's sector.
    for (const email of ['joao@exemplo.com', 'ninguem@exemplo.com']) {
      const other = await visitor(email);
      await other.say('Oi');
      const b = await other.attendance();
      expect(b.sectorId).toBe(ids.sector('Comercial'));
      expect(b.auto).toBe(false);
    }
  });
});
