import { formatDate } from '@prosa/shared/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let gestor: string;

// A day in the company's timezone (the history's days are the company's days), `offset` days from now.
const day = (offset: number) =>
  formatDate(new Date(Date.now() + offset * 86_400_000), 'America/Sao_Paulo')
    .split('/')
    .reverse()
    .join('-');
// Yesterday to tomorrow: the attendances closed in beforeAll stay inside it even when the company's
// midnight passes during the run (the day boundaries themselves are checked with fixed dates below).
const period = () => `fromDate=${day(-1)}&toDate=${day(1)}`;

async function closedConversation(name: string, lines: string[]) {
  const v = await newVisitor(ctx, name);
  await v.send(lines[0] ?? 'Olá');
  const list = await http.get('/api/attendances', { cookie: admin });
  const card = (list.body.items as { id: number; name: string; sector_id: number }[]).find(
    (c) => c.name === name,
  );
  if (!card) throw new Error('sem card');
  for (const line of lines.slice(1))
    await http.post(`/api/attendances/${card.id}/messages`, { cookie: admin, body: { message: line } });
  await http.post(`/api/set-status/${ids.companyId}/${card.sector_id}/${ids.user(ADMIN)}`, {
    cookie: admin,
    body: { status: ids.status('Resolvido'), contact: card.id },
  });
  return { id: card.id, visitor: v };
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { HISTORY_EXPORT_DIRECT_LIMIT: '3' } });
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  gestor = await http.login(MANAGER);
  await closedConversation('Quitéria', ['Preciso de ajuda', 'Claro, Quitéria! Resolvido.']);
  await closedConversation('Rafael', ['Oi', 'Olá Rafael']);
  await closedConversation('Sofia', ['Bom dia', '=HYPERLINK("x")']);
  await closedConversation('Tomás', ['Boa tarde', 'Boa tarde, Tomás']);
});
afterAll(() => ctx.close());

type Row = {
  id: number;
  name: string;
  protocol: string;
  status_name: string;
  closed_by_user_name: string;
  waiting_seconds: number | null;
  contact_id: number;
  open: boolean;
};

describe('history', () => {
  it('lists closed attendances of the period with status, who closed them and waiting time', async () => {
    const r = await http.get(`/api/history?${period()}`, { cookie: gestor });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(4);
    expect(r.body.count).toBe(50);
    const rows = r.body.items as Row[];
    expect(rows.map((x) => x.name).sort()).toEqual(['Quitéria', 'Rafael', 'Sofia', 'Tomás']);
    expect(rows[0]).toMatchObject({ status_name: 'Resolvido', closed_by_user_name: 'Alice', open: false });
    expect(rows[0]?.waiting_seconds).toBeGreaterThanOrEqual(0);
  });

  it('applies the 30-day rule and the page sizes of the spec', async () => {
    const long = await http.get('/api/history?fromDate=2026-01-01&toDate=2026-11-30', { cookie: gestor });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('O canal de entrada deve ser informado.');
    const noDoc = await http.get('/api/history?channelable_type=web', { cookie: gestor });
    expect(noDoc.body.message).toBe('O CPF ou o telefone deve ser informado.');
    const badCount = await http.get(`/api/history?${period()}&count=30`, { cookie: gestor });
    expect(badCount.status).toBe(400);
    const page = await http.get(`/api/history?${period()}&count=25&page=1`, { cookie: gestor });
    expect(page.body.count).toBe(25);
  });

  it('filters by protocol number and by who closed', async () => {
    const all = (await http.get(`/api/history?${period()}`, { cookie: gestor })).body.items as Row[];
    const target = all.find((x) => x.name === 'Rafael');
    const byNumber = await http.get(`/api/history?${period()}&number=${target?.protocol}`, {
      cookie: gestor,
    });
    expect((byNumber.body.items as Row[]).map((x) => x.name)).toEqual(['Rafael']);
    const byCloser = await http.get(`/api/history?${period()}&closed_by_user=${ids.user(MANAGER)}`, {
      cookie: gestor,
    });
    expect(byCloser.body.total).toBe(0);
  });

  it("uses the company's days: finalized at 22:30 on 31/01 in São Paulo belongs to January", async () => {
    const rows = (await http.get(`/api/history?${period()}`, { cookie: gestor })).body.items as Row[];
    const rafael = rows.find((x) => x.name === 'Rafael');
    await ctx.db
      .update(attendances)
      .set({ closedAt: new Date('2026-02-01T01:30:00Z') })
      .where(eq(attendances.id, rafael?.id ?? 0));
    const jan = await http.get('/api/history?fromDate=2026-01-01&toDate=2026-01-31', { cookie: gestor });
    expect((jan.body.items as Row[]).map((x) => x.name)).toEqual(['Rafael']);
    const feb = await http.get('/api/history?fromDate=2026-02-01&toDate=2026-02-28', { cookie: gestor });
    expect(feb.body.total).toBe(0);
    await ctx.db
      .update(attendances)
      .set({ closedAt: new Date() })
      .where(eq(attendances.id, rafael?.id ?? 0));
  });

  it('is for managers and above, within their company', async () => {
    expect((await http.get(`/api/history?${period()}`, { cookie: await http.login(OPERATOR) })).status).toBe(
      403,
    );
    const other = await http.get(`/api/history?${period()}`, { cookie: await http.login(OTHER_ADMIN) });
    expect(other.body.total).toBe(0);
  });

  it('downloads one conversation as CSV, neutralising spreadsheet formulas', async () => {
    const rows = (await http.get(`/api/history?${period()}`, { cookie: gestor })).body.items as Row[];
    const sofia = rows.find((x) => x.name === 'Sofia');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/history/download/${sofia?.id}`,
      headers: { cookie: gestor },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/atendimento-\d+\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Protocolo;Data;Remetente;Mensagem');
    expect(lines[1]).toMatch(/;Sofia;Bom dia$/);
    expect(lines[2]).toContain(`;Alice;"'=HYPERLINK(""x"")"`);
  });

  it('exports a large filtered list in the background and offers the file when ready', async () => {
    const r = await ctx.app.inject({
      method: 'GET',
      url: `/api/history/export?${period()}`,
      headers: { cookie: gestor },
    });
    expect(r.statusCode).toBe(202);
    const body = JSON.parse(r.body) as { alert: boolean; message: string; export_id: string };
    expect(body.message).toBe(
      'A exportação foi enviada para processamento em segundo plano. Você será avisado quando o arquivo estiver pronto.',
    );
    let status = '';
    for (let i = 0; i < 60 && status !== 'done'; i++) {
      const list = await http.get('/api/exports', { cookie: gestor });
      status =
        (list.body as unknown as { id: string; status: string }[]).find((e) => e.id === body.export_id)
          ?.status ?? '';
      if (status !== 'done') await new Promise((w) => setTimeout(w, 250));
    }
    expect(status).toBe('done');
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/exports/${body.export_id}/download`,
      headers: { cookie: gestor },
    });
    expect(file.statusCode).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]?.startsWith('Protocolo;Nome;Nome editado;CPF/CNPJ;Canal;Setor;Status finalização')).toBe(
      true,
    );
    // Another user cannot download it.
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/exports/${body.export_id}/download`,
      headers: { cookie: admin },
    });
    expect(other.statusCode).toBe(404);
  });

  it('restores a closed attendance once; a contact with an open one is refused', async () => {
    const rows = (await http.get(`/api/history?${period()}`, { cookie: gestor })).body.items as Row[];
    const tomas = rows.find((x) => x.name === 'Tomás');
    const ok = await http.post('/api/history/restore', {
      cookie: gestor,
      body: { contact_id: tomas?.contact_id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Atendimento restaurado com sucesso!');
    const cards = (await http.get('/api/attendances', { cookie: gestor })).body.items as { name: string }[];
    expect(cards.map((c) => c.name)).toContain('Tomás');
    const again = await http.post('/api/history/restore', {
      cookie: gestor,
      body: { contact_id: tomas?.contact_id },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('O contato já possui um atendimento em aberto.');
  });

  it('shows the contact timeline across attendances', async () => {
    const { visitor } = await closedConversation('Úrsula', ['Primeira vez']);
    await visitor.send('Voltei');
    const cards = (await http.get('/api/attendances', { cookie: admin })).body.items as {
      id: number;
      name: string;
    }[];
    const current = cards.find((c) => c.name === 'Úrsula');
    const tl = await http.get(`/api/attendances/${current?.id}/timeline`, { cookie: admin });
    const items = tl.body as unknown as { closed_at: string | null; status_name: string | null }[];
    expect(items).toHaveLength(2);
    expect(items[0]?.closed_at).toBeNull();
    expect(items[1]?.status_name).toBe('Resolvido');
  });
});
