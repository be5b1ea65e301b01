import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, contacts, persons } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { controlWordLogs, controlWords } from '../../db/schema/knowledge';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let companyId: number;

const VALID_CPF = '529.982.247-25';
const OTHER_CPF = '111.444.777-35';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  companyId = (await demoIds(ctx)).companyId;
  await setAllow(ctx, companyId, { person: true });
});
afterAll(() => ctx.close());

async function visitorPerson(name: string) {
  const visitor = await newVisitor(ctx, name);
  expect((await visitor.send(`Olá, sou ${name}`)).status).toBe(200);
  const [att] = await ctx.db
    .select({ id: attendances.id, personId: attendances.personId })
    .from(attendances)
    .where(and(eq(attendances.companyId, companyId), eq(attendances.name, name)));
  if (!att) throw new Error('atendimento');
  return att;
}

describe('contact records (person)', () => {
  it('validates the form with the spec texts and changes nothing on error', async () => {
    const manager = await http.login(MANAGER);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Sem contato' }, 'É obrigatório ter ao menos um E-mail ou Telefone'],
      [{ name: 'CPF errado', emails: ['a@b.com.br'], cpf: '529.982.247-24' }, 'CPF inválido.'],
      [{ name: 'CPF repetido', emails: ['a@b.com.br'], cpf: '111.111.111-11' }, 'CPF inválido.'],
      [{ name: 'CNPJ errado', emails: ['a@b.com.br'], cnpj: '11.222.333/0001-80' }, 'CNPJ inválido.'],
      [{ name: 'E-mail', emails: ['não é e-mail'] }, 'E-mail inválido.'],
      [
        { name: 'Muitos', emails: ['a1@x.com', 'a2@x.com', 'a3@x.com', 'a4@x.com', 'a5@x.com', 'a6@x.com'] },
        'Informe no máximo 5 e-mails.',
      ],
      [
        {
          name: 'Muitos fones',
          phones: [1, 2, 3, 4, 5, 6].map((i) => ({ phone: `1199999000${i}`, is_whatsapp: false })),
        },
        'Informe no máximo 5 telefones.',
      ],
      [{ name: '', emails: ['a@b.com.br'] }, 'Nome é obrigatório'],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/persons', { cookie: manager, body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const list = await http.get('/api/persons?name=Muitos', { cookie: manager });
    expect(list.body.total).toBe(0);
  });

  it('refuses a CPF already used, pointing to the record to merge', async () => {
    const manager = await http.login(MANAGER);
    const first = await http.post('/api/persons', {
      cookie: manager,
      body: { name: 'João da Silva', cpf: VALID_CPF, emails: ['joao@cliente.com.br'], tags: ['vip'] },
    });
    expect(first.status).toBe(200);
    expect(first.body.cpf).toBe('52998224725');
    const dup = await http.post('/api/persons', {
      cookie: manager,
      body: {
        name: 'Outro João',
        cpf: '52998224725',
        phones: [{ phone: '(11) 98888-7777', is_whatsapp: true }],
      },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ message: 'CPF já utilizado', person_id: first.body.id });
  });

  it('searches with at least 3 characters, accent-insensitively, 25 per page', async () => {
    const manager = await http.login(MANAGER);
    const short = await http.get('/api/persons?name=Jo', { cookie: manager });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Informe ao menos 3 caracteres para buscar.');
    const found = await http.get('/api/persons?name=joao', { cookie: manager });
    expect(found.status).toBe(200);
    expect((found.body.items as { name: string }[]).map((p) => p.name)).toContain('João da Silva');
    expect(found.body.per_page).toBe(25);
    const byCpf = await http.get('/api/persons?cpf=529.982', { cookie: manager });
    expect(byCpf.body.total).toBe(1);
  });

  it('merges two records keeping every channel identity and both histories, and logs it', async () => {
    const manager = await http.login(MANAGER);
    const a = await visitorPerson('Maria Web');
    const b = await visitorPerson('Maria Loja');
    await ctx.db
      .update(persons)
      .set({ emails: ['maria@cliente.com.br'] })
      .where(eq(persons.id, a.personId));
    await ctx.db
      .update(persons)
      .set({ phones: [{ phone: '11977776666', is_whatsapp: true }] })
      .where(eq(persons.id, b.personId));

    const merged = await http.post(`/api/persons/${a.personId}/merge`, {
      cookie: manager,
      body: { from_id: b.personId },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.channel_count).toBe(2);
    expect(merged.body.emails).toEqual(['maria@cliente.com.br']);
    expect(merged.body.phones).toEqual([{ phone: '11977776666', is_whatsapp: true }]);

    const ownedContacts = await ctx.db.select().from(contacts).where(eq(contacts.personId, a.personId));
    expect(ownedContacts).toHaveLength(2);
    const owned = await ctx.db.select().from(attendances).where(eq(attendances.personId, a.personId));
    expect(owned.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    // Both attendances now answer with the kept record.
    const viaB = await http.get(`/api/attendances/${b.id}/person`, { cookie: manager });
    expect(viaB.body.id).toBe(a.personId);
    // The merged record is gone from reads and the list.
    expect((await http.get(`/api/persons/${b.personId}`, { cookie: manager })).status).toBe(404);
    const log = await http.get(`/api/persons/${a.personId}/changes`, { cookie: manager });
    const kinds = (log.body as unknown as { kind: string; changes: Record<string, unknown> }[]).map(
      (c) => c.kind,
    );
    expect(kinds).toContain('merge');

    const self = await http.post(`/api/persons/${a.personId}/merge`, {
      cookie: manager,
      body: { from_id: a.personId },
    });
    expect(self.status).toBe(400);
  });

  it('logs each change with who made it', async () => {
    const manager = await http.login(MANAGER);
    const created = await http.post('/api/persons', {
      cookie: manager,
      body: { name: 'Carla Souza', emails: ['carla@cliente.com.br'] },
    });
    const id = created.body.id as number;
    const saved = await http.put(`/api/persons/${id}`, {
      cookie: manager,
      body: {
        name: 'Carla Souza',
        edited_name: 'Carla (financeiro)',
        cpf: OTHER_CPF,
        emails: ['carla@cliente.com.br'],
      },
    });
    expect(saved.status).toBe(200);
    const log = (await http.get(`/api/persons/${id}/changes`, { cookie: manager })).body as unknown as {
      kind: string;
      user_name: string;
      changes: Record<string, [unknown, unknown]>;
    }[];
    expect(log[0]?.kind).toBe('update');
    expect(log[0]?.user_name).toBeTruthy();
    expect(log[0]?.changes.cpf).toEqual([null, '11144477735']);
    expect(log[0]?.changes.edited_name).toEqual([null, 'Carla (financeiro)']);
  });

  it('refuses an edited name holding a control word, logs it and keeps the record', async () => {
    const manager = await http.login(MANAGER);
    const created = await http.post('/api/persons', {
      cookie: manager,
      body: { name: 'Rita Alves', emails: ['rita@cliente.com.br'] },
    });
    await ctx.db.insert(controlWords).values({ companyId, word: 'Caloteira', normalized: 'caloteira' });
    await setAllow(ctx, companyId, { controlwords: true });
    const r = await http.put(`/api/persons/${created.body.id}`, {
      cookie: manager,
      body: { name: 'Rita Alves', edited_name: 'Rita CALOTEIRA!', emails: ['rita@cliente.com.br'] },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Esse nome não pode ser salvo.');
    const [stored] = await ctx.db
      .select()
      .from(persons)
      .where(eq(persons.id, created.body.id as number));
    expect(stored?.editedName).toBeNull();
    const logs = await ctx.db.select().from(controlWordLogs).where(eq(controlWordLogs.companyId, companyId));
    expect(logs.map((l) => [l.kind, l.words])).toContainEqual(['name', ['Caloteira']]);
    await setAllow(ctx, companyId, { controlwords: false });
  });

  it("answers 'Não existe um contato relacionado ao atendimento' when the attendance's person is gone", async () => {
    const att = await visitorPerson('Rita Sem Registro');
    const manager = await http.login(MANAGER);
    expect((await http.get(`/api/attendances/${att.id}/person`, { cookie: manager })).status).toBe(200);
    // attendances.person_id has no foreign key: a record lost to a bad import or a manual fix leaves it dangling.
    await ctx.db.update(attendances).set({ personId: 2_000_000_000 }).where(eq(attendances.id, att.id));
    const r = await http.get(`/api/attendances/${att.id}/person`, { cookie: manager });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Não existe um contato relacionado ao atendimento');
    await ctx.db.update(attendances).set({ personId: att.personId }).where(eq(attendances.id, att.id));
  });

  it('masks phone and e-mail for operators when viewphone/viewemail are set, and never saves the mask', async () => {
    const att = await visitorPerson('Pedro Mascarado');
    await ctx.db
      .update(persons)
      .set({ emails: ['pedro@cliente.com.br'], phones: [{ phone: '11912345678', is_whatsapp: true }] })
      .where(eq(persons.id, att.personId));
    await setAllow(ctx, companyId, { viewphone: true, viewemail: true });
    const operator = await http.login(OPERATOR);
    // The operator sees the attendance's person only if they may see the attendance: take it first.
    const manager = await http.login(MANAGER);
    const managerView = await http.get(`/api/attendances/${att.id}/person`, { cookie: manager });
    expect(managerView.body.phones).toEqual([{ phone: '11912345678', is_whatsapp: true }]);

    const view = await http.get(`/api/persons/${att.personId}`, { cookie: operator });
    expect(view.status).toBe(200);
    expect(view.body.phones).toEqual([{ phone: '*******5678', is_whatsapp: true }]);
    expect(view.body.emails).toEqual(['p****@cliente.com.br']);
    expect(view.body.masked).toEqual({ phone: true, email: true });

    const save = await http.put(`/api/persons/${att.personId}`, {
      cookie: operator,
      body: {
        name: 'Pedro Mascarado',
        emails: view.body.emails,
        phones: view.body.phones,
        edited_name: 'Pedro (loja)',
      },
    });
    expect(save.status).toBe(200);
    // The open attendance's card follows the edited name.
    const [card] = await ctx.db.select().from(attendances).where(eq(attendances.id, att.id));
    expect(card?.name).toBe('Pedro (loja)');
    // The change log does not give the hidden values away either.
    await ctx.db
      .update(persons)
      .set({ phones: [{ phone: '11900001111', is_whatsapp: false }] })
      .where(eq(persons.id, att.personId));
    await http.put(`/api/persons/${att.personId}`, {
      cookie: manager,
      body: {
        name: 'Pedro Mascarado',
        edited_name: 'Pedro (loja)',
        emails: ['pedro@cliente.com.br'],
        phones: [{ phone: '11912345678', is_whatsapp: true }],
      },
    });
    const log = (await http.get(`/api/persons/${att.personId}/changes`, { cookie: operator }))
      .body as unknown as {
      changes: Record<string, unknown>;
    }[];
    expect(JSON.stringify(log)).not.toContain('11912345678');
    expect(JSON.stringify(log)).toContain('*******5678');
    const [stored] = await ctx.db.select().from(persons).where(eq(persons.id, att.personId));
    expect(stored?.phones).toEqual([{ phone: '11912345678', is_whatsapp: true }]);
    expect(stored?.emails).toEqual(['pedro@cliente.com.br']);
    await setAllow(ctx, companyId, { viewphone: false, viewemail: false });
  });

  it('imports a CSV row by row, reporting the bad lines and keeping the good ones', async () => {
    const manager = await http.login(MANAGER);
    const csv = [
      'Nome;CPF;Telefone;E-mail;RG;Data de nascimento;Empresa;CNPJ;Cargo',
      'Ana Importada;;(21) 99876-5432;ana@importada.com.br;12.345.678-9;31/12/1990;Loja Ana;11.222.333/0001-81;Gerente',
      'Bruno CPF Ruim;123.456.789-00;11999990000;;;;;;',
      'Clara Sem Contato;;;;;;;;',
      `Duplicado;${VALID_CPF};11999990001;;;;;;`,
    ].join('\r\n');
    // The import binds its contacts to a channel (spec 2 §5): a WhatsApp number of the company.
    const [sample] = await ctx.db.select().from(channels).where(eq(channels.companyId, companyId)).limit(1);
    const [waweb] = await ctx.db
      .insert(channels)
      .values({
        companyId,
        kind: 'waweb',
        name: 'Número da importação',
        defaultSectorId: sample?.defaultSectorId ?? 1,
        routeKey: 'persons-import-test',
      })
      .returning({ id: channels.id });
    const boundary = '----prosa';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="channel_id"\r\n\r\n${waweb?.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contatos.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/persons/import',
      headers: { cookie: manager, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.total).toBe(4);
    expect(body.imported).toBe(1);
    expect(body.linked).toBe(1);
    expect(body.failed).toEqual([
      { line: 3, message: 'CPF inválido.' },
      { line: 4, message: 'É obrigatório ter ao menos um E-mail ou Telefone' },
      { line: 5, message: 'CPF já utilizado' },
    ]);
    const found = await http.get('/api/persons?name=Importada', { cookie: manager });
    const ana = (found.body.items as Record<string, unknown>[])[0];
    expect(ana).toMatchObject({
      birth_date: '1990-12-31',
      company_name: 'Loja Ana',
      cnpj: '11222333000181',
      job_title: 'Gerente',
      phones: [{ phone: '21998765432', is_whatsapp: false }],
    });
  });

  it('hides other companies and refuses when the feature is off', async () => {
    const manager = await http.login(MANAGER);
    const created = await http.post('/api/persons', {
      cookie: manager,
      body: { name: 'Só da Demo', emails: ['demo@cliente.com.br'] },
    });
    const other = await http.login(OTHER_ADMIN);
    // Outra Empresa has the feature off: a clear refusal; with it on, Demo's record is not found.
    const off = await http.get(`/api/persons/${created.body.id}`, { cookie: other });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe('O cadastro de contatos não está ativo para esta empresa.');
    const otherId = (await http.get('/api/auth/me', { cookie: other })).body as {
      user?: { companyId: number };
    };
    const otherCompanyId = otherId.user?.companyId ?? (otherId as unknown as { companyId: number }).companyId;
    await setAllow(ctx, otherCompanyId, { person: true });
    expect((await http.get(`/api/persons/${created.body.id}`, { cookie: other })).status).toBe(404);
    const admin = await http.login(ADMIN);
    expect((await http.get(`/api/persons/${created.body.id}`, { cookie: admin })).status).toBe(200);
  });
});
