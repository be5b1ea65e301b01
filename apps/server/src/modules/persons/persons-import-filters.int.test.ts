import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { multipart, type Part } from '../../../test/helpers/multipart';
import {
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { contacts, persons } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let companyId: number;
let otherCompanyId: number;
let sectorId: number;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  const ids = await demoIds(ctx);
  companyId = ids.companyId;
  sectorId = ids.sector('Comercial') || ids.sector('Suporte');
  const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
  otherCompanyId = other?.id ?? 0;
  await setAllow(ctx, companyId, { person: true });
  await setAllow(ctx, otherCompanyId, { person: true });
});
afterAll(() => ctx.close());

async function channel(company: number, kind: string, name: string) {
  const [sector] = await ctx.db.select({ id: channels.defaultSectorId }).from(channels).limit(1);
  const [row] = await ctx.db
    .insert(channels)
    .values({
      companyId: company,
      kind,
      name,
      defaultSectorId: company === companyId && sectorId ? sectorId : (sector?.id ?? 1),
      routeKey: `g-import-${kind}-${name}-${Date.now()}`,
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('canal');
  return row.id;
}

const CSV = [
  'Nome;CPF;Telefone;E-mail',
  'Iara Importada;;(21) 99876-1111;iara@importada.com.br',
  'Jonas Importado;;;JONAS@importado.com.br',
  'Sem Nada;;;',
].join('\r\n');

async function upload(cookie: string, parts: Part[]) {
  const form = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/persons/import',
    headers: { cookie, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}
const file = (text = CSV, filename = 'contatos.csv'): Part => ({
  name: 'file',
  filename,
  contentType: 'text/csv',
  data: Buffer.from(text),
});

describe('contact import bound to a channel (spec 2 §5)', () => {
  it('asks for the channel, then the file, with the spec texts, and imports nothing', async () => {
    const manager = await http.login(MANAGER);
    const waweb = await channel(companyId, 'waweb', 'Número QR Import');
    const before = (await ctx.db.select({ id: persons.id }).from(persons)).length;
    const noChannel = await upload(manager, [file()]);
    expect(noChannel).toMatchObject({ status: 400, body: { message: 'O canal não foi inserido' } });
    const badChannel = await upload(manager, [{ name: 'channel_id', value: 'abc' }, file()]);
    expect(badChannel.body.message).toBe('O canal não foi inserido');
    const noFile = await upload(manager, [{ name: 'channel_id', value: String(waweb) }]);
    expect(noFile).toMatchObject({ status: 400, body: { message: 'O arquivo .csv não foi inserido' } });
    const notCsv = await upload(manager, [{ name: 'channel_id', value: String(waweb) }, file(CSV, 'x.txt')]);
    expect(notCsv.body.message).toBe('Selecione um arquivo .csv');
    const nothing = await ctx.app.inject({
      method: 'POST',
      url: '/api/persons/import',
      headers: { cookie: manager },
    });
    expect(nothing.statusCode).toBe(400);
    expect(JSON.parse(nothing.body).message).toBe('O canal não foi inserido');
    expect((await ctx.db.select({ id: persons.id }).from(persons)).length).toBe(before);
  });

  it('gives each imported person its contact on the chosen channel (phone or e-mail)', async () => {
    const manager = await http.login(MANAGER);
    const offered = await http.get('/api/persons/import-channels', { cookie: manager });
    expect(offered.status).toBe(200);
    const waweb = await channel(companyId, 'waweb', 'Número QR Lote');
    const email = await channel(companyId, 'em', 'E-mail Lote');
    await channel(companyId, 'web', 'Chat do site Lote');
    const list = (await http.get('/api/persons/import-channels', { cookie: manager })).body as unknown as {
      id: number;
      kind: string;
    }[];
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining([waweb, email]));
    // A web chat knows visitors, not phones: not offered.
    expect(list.some((c) => c.kind === 'web')).toBe(false);

    // File first, channel after: the order of the form does not matter.
    const res = await upload(manager, [file(), { name: 'channel_id', value: String(waweb) }]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, imported: 2, linked: 1 });
    const [iara] = await ctx.db.select().from(persons).where(eq(persons.name, 'Iara Importada'));
    const iaraContacts = await ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.personId, iara?.id ?? 0)));
    expect(iaraContacts).toEqual([
      expect.objectContaining({ kind: 'waweb', channelId: waweb, externalId: '5521998761111' }),
    ]);
    const detail = await http.get(`/api/persons/${iara?.id}`, { cookie: manager });
    expect(detail.body.channel_count).toBe(1);

    // On an e-mail channel the key is the e-mail, lowercased.
    const csv2 = 'Nome;E-mail\r\nKátia Mail;KATIA@Importada.com.br';
    const byMail = await upload(manager, [{ name: 'channel_id', value: String(email) }, file(csv2)]);
    expect(byMail.body).toMatchObject({ imported: 1, linked: 1 });
    const [katia] = await ctx.db.select().from(persons).where(eq(persons.name, 'Kátia Mail'));
    const [mail] = await ctx.db
      .select()
      .from(contacts)
      .where(eq(contacts.personId, katia?.id ?? 0));
    expect(mail).toMatchObject({ kind: 'em', channelId: email, externalId: 'katia@importada.com.br' });
  });

  it("refuses another company's channel and lists only the caller's", async () => {
    const manager = await http.login(MANAGER);
    const foreign = await channel(otherCompanyId, 'waweb', 'Número da Outra');
    const before = (await ctx.db.select({ id: persons.id }).from(persons)).length;
    const res = await upload(manager, [{ name: 'channel_id', value: String(foreign) }, file()]);
    expect(res.status).toBe(404);
    expect((await ctx.db.select({ id: persons.id }).from(persons)).length).toBe(before);
    const other = await http.login(OTHER_ADMIN);
    const theirs = (await http.get('/api/persons/import-channels', { cookie: other })).body as unknown as {
      id: number;
    }[];
    expect(theirs.map((c) => c.id)).toContain(foreign);
    const mine = (await http.get('/api/persons/import-channels', { cookie: manager })).body as unknown as {
      id: number;
    }[];
    expect(mine.map((c) => c.id)).not.toContain(foreign);
  });
});

describe('contacts list: editedName and phoneDdi filters (spec 3 §7)', () => {
  it('finds by edited name only, and by the phones country code (with or without the number)', async () => {
    const manager = await http.login(MANAGER);
    const make = async (body: Record<string, unknown>) => {
      const r = await http.post('/api/persons', { cookie: manager, body });
      expect(r.status).toBe(200);
      return r.body.id as number;
    };
    const renamed = await make({
      name: 'Rosana Filtro',
      edited_name: 'Rô Apelidada',
      phones: [{ phone: '11955550001' }],
    });
    const plain = await make({ name: 'Apelidada Nome', phones: [{ phone: '351912345678' }] });
    const uk = await make({ name: 'Filtro Londres', phones: [{ phone: '447911123456' }] });
    const names = async (q: string) => {
      const r = await http.get(`/api/persons?${q}`, { cookie: manager });
      expect(r.status).toBe(200);
      return (r.body.items as { id: number }[]).map((i) => i.id);
    };
    // editedName looks only at the edited name; name keeps matching either.
    expect(await names('editedName=apelidada')).toEqual([renamed]);
    expect(await names('name=apelidada')).toEqual(expect.arrayContaining([renamed, plain]));
    // DDI: up to 11 digits is Brazil (55); longer numbers carry their own code.
    const br = await names('phoneDdi=55');
    expect(br).toContain(renamed);
    expect(br).not.toContain(plain);
    expect(await names('phoneDdi=351')).toEqual([plain]);
    expect(await names('phoneDdi=44')).toEqual([uk]);
    expect(await names('phoneDdi=55&phone=955550001')).toEqual([renamed]);
    expect(await names('phoneDdi=351&phone=955550001')).toEqual([]);
  });

  it('refuses bad filter values with a Portuguese message', async () => {
    const manager = await http.login(MANAGER);
    const ddi = await http.get('/api/persons?phoneDdi=55a', { cookie: manager });
    expect(ddi.status).toBe(400);
    expect(ddi.body.message).toBe('DDI inválido.');
    const short = await http.get('/api/persons?editedName=Rô', { cookie: manager });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Informe ao menos 3 caracteres para buscar.');
  });

  it("never lists another company's contacts through the new filters", async () => {
    const other = await http.login(OTHER_ADMIN);
    const r = await http.get('/api/persons?editedName=apelidada', { cookie: other });
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
  });
});
