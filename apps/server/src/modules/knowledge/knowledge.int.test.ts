import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
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
import { companies } from '../../db/schema/companies';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let gestor: string;
let ana: string;
let bruno: string;

type Item = { id: number; title: string; text: string; tags: { id: number; tag: string }[]; uses: number };
type Page = { items: Item[]; total: number; page: number; count: number };

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  gestor = await http.login(MANAGER);
  ana = await http.login(OPERATOR);
  bruno = await http.login(OPERATOR2);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await setAllow(ctx, ids.companyId, { knowledgebase: true });
  await setScope('company');
});

async function setScope(scope: 'company' | 'sector') {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
  await ctx.db
    .update(companies)
    .set({ metadata: { ...(row?.metadata ?? {}), knowledgebase_scope: scope } })
    .where(eq(companies.id, ids.companyId));
}

const list = async (cookie: string, query = '') => {
  const r = await http.get(`/api/knowledge${query}`, { cookie });
  return { status: r.status, body: r.body as unknown as Page & { message?: string } };
};
const titles = (items: Item[]) => items.map((i) => i.title);

const create = (cookie: string, body: Record<string, unknown>) =>
  http.post('/api/knowledge', { cookie, body });

describe('knowledge base list and search', () => {
  it('lists the demo answers 8 per page by default, 4 or 16 on request', async () => {
    const all = await list(ana);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(8);
    expect(all.body.total).toBeGreaterThanOrEqual(6);
    expect(titles(all.body.items)).toContain('Frete grátis');
    const frete = all.body.items.find((i) => i.title === 'Frete grátis');
    expect(frete?.tags.map((t) => t.tag)).toEqual(['Entrega', 'Frete']);

    const four = await list(ana, '?count=4&page=2');
    expect(four.body.items).toHaveLength(Math.min(4, all.body.total - 4));
    expect(four.body.page).toBe(2);
    expect((await list(ana, '?count=5')).status).toBe(400);
  });

  it('applies the search rules with their texts', async () => {
    const long = await list(ana, `?searchFor=${'a'.repeat(255)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Busca deve conter no máximo 255 caracteres');
    const short = await list(ana, '?searchFor=fr');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Informe uma palavra com mais que 2 caracteres');

    // Case- and accent-insensitive, over title, text and tags.
    expect(titles((await list(ana, `?searchFor=${encodeURIComponent('GRATIS')}`)).body.items)).toEqual([
      'Frete grátis',
    ]);
    expect(titles((await list(ana, `?searchFor=${encodeURIComponent('devolucao')}`)).body.items)).toEqual([
      'Troca e devolução',
    ]);
    expect(titles((await list(ana, '?searchFor=boleto')).body.items)).toEqual([
      'Formas de pagamento',
      'Segunda via de boleto',
    ]);
    // Every word must match.
    expect(titles((await list(ana, `?searchFor=${encodeURIComponent('boleto via')}`)).body.items)).toEqual([
      'Segunda via de boleto',
    ]);
    // Numbers of any length are allowed; '#id' finds one item.
    expect((await list(ana, '?searchFor=7')).status).toBe(200);
    const frete = (await list(ana, '?searchFor=frete')).body.items[0];
    const byId = await list(ana, `?searchFor=${encodeURIComponent(`#${frete?.id}`)}`);
    expect(titles(byId.body.items)).toEqual(['Frete grátis']);
    expect((await list(ana, '?searchFor=xyzw')).body).toMatchObject({ items: [], total: 0 });
  });

  it("autocompletes '#term' case- and accent-insensitively, 7 at most", async () => {
    for (const term of ['#fre', '#FRÉ', 'fre', '#Grát']) {
      const r = await http.get(`/api/knowledge/autocomplete?term=${encodeURIComponent(term)}`, {
        cookie: ana,
      });
      expect(r.status).toBe(200);
      expect(titles(r.body as unknown as Item[])[0]).toBe('Frete grátis');
    }
    const one = await http.get('/api/knowledge/autocomplete?term=f', { cookie: ana });
    expect(one.body).toEqual([]);
    for (let i = 0; i < 8; i++) {
      expect((await create(gestor, { title: `Resposta extra ${i}`, text: 'Texto extra' })).status).toBe(200);
    }
    const many = await http.get('/api/knowledge/autocomplete?term=%23extra', { cookie: ana });
    expect(many.body as unknown as Item[]).toHaveLength(7);
  });

  it('counts uses and ranks the most used', async () => {
    const before = (await http.get('/api/knowledge/most-used', { cookie: ana })).body as unknown as Item[];
    expect(before.length).toBeLessThanOrEqual(7);
    expect(before[0]?.title).toBe('Frete grátis');
    const boleto = before.find((i) => i.title === 'Segunda via de boleto');
    if (!boleto) throw new Error('sem boleto');
    for (let i = 0; i < 10; i++) {
      const r = await http.post(`/api/knowledge/${boleto.id}/increment`, { cookie: ana });
      expect(r.status).toBe(200);
      expect(r.body.uses).toBe(boleto.uses + i + 1);
    }
    const after = (await http.get('/api/knowledge/most-used', { cookie: ana })).body as unknown as Item[];
    expect(after[0]?.title).toBe('Segunda via de boleto');
    expect((await http.post('/api/knowledge/999999/increment', { cookie: ana })).status).toBe(404);
  });
});

describe('knowledge base changes', () => {
  it('creates, edits and removes an answer with tags, with the spec texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '', text: 'x' }, 'Título é obrigatório'],
      [{ text: 'x' }, 'Título é obrigatório'],
      [{ title: 'x'.repeat(255), text: 'x' }, 'Título deve conter no máximo 255 caracteres'],
      [{ title: 'Pix', text: '' }, 'Texto é obrigatório'],
      [{ title: 'Pix', text: 'x', tags: ['a'.repeat(51)] }, 'Tag deve conter no máximo 50 caracteres.'],
    ];
    for (const [body, message] of cases) {
      const r = await create(gestor, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }

    const made = await create(gestor, {
      title: 'Chave Pix',
      text: 'Nossa chave Pix é o CNPJ 12.345.678/0001-90.',
      tags: ['pagamento', 'PIX'],
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Pergunta e resposta salva com sucesso!');
    const item = made.body.item as Item;
    // 'pagamento' is the existing 'Pagamento' tag (one tag per company whatever the case).
    expect(item.tags.map((t) => t.tag)).toEqual(['Pagamento', 'PIX']);

    const patched = await http.patch(`/api/knowledge/${item.id}`, {
      cookie: gestor,
      body: { title: 'Chave Pix da empresa' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.item).toMatchObject({ title: 'Chave Pix da empresa', text: item.text });
    expect((patched.body.item as Item).tags).toHaveLength(2);
    const badPatch = await http.patch(`/api/knowledge/${item.id}`, { cookie: gestor, body: { text: ' ' } });
    expect(badPatch.body.message).toBe('Texto é obrigatório');

    const cleared = await http.patch(`/api/knowledge/${item.id}`, { cookie: gestor, body: { tags: [] } });
    expect((cleared.body.item as Item).tags).toEqual([]);

    const removed = await http.delete(`/api/knowledge/${item.id}`, { cookie: gestor });
    expect(removed.body.message).toBe('Pergunta e resposta removida com sucesso!');
    expect(titles((await list(ana, '?searchFor=pix')).body.items)).not.toContain('Chave Pix da empresa');
    expect((await http.delete(`/api/knowledge/${item.id}`, { cookie: gestor })).status).toBe(404);
  });

  it('manages tags: search, create (existing answered as it is), delete from every answer', async () => {
    const found = await http.get(`/api/knowledge/tags?term=${encodeURIComponent('DEVOLUCAO')}`, {
      cookie: ana,
    });
    expect(found.body).toEqual([{ id: expect.any(Number), tag: 'Devolução' }]);
    const again = await http.post('/api/knowledge/tags', { cookie: gestor, body: { tag: 'devolução' } });
    expect(again.status).toBe(200);
    expect((again.body.tag as { tag: string }).tag).toBe('Devolução');
    const made = await http.post('/api/knowledge/tags', { cookie: gestor, body: { tag: 'Promoção' } });
    expect(made.body.message).toBe('Tag adicionada com sucesso!');
    expect(
      (await http.post('/api/knowledge/tags', { cookie: gestor, body: { tag: ' ' } })).body.message,
    ).toBe('Tag é obrigatória.');

    const tagId = (found.body as unknown as { id: number }[])[0]?.id;
    const del = await http.delete(`/api/knowledge/tags/${tagId}`, { cookie: gestor });
    expect(del.body.message).toBe('Tag removida com sucesso!');
    const troca = (await list(ana, '?searchFor=troca')).body.items[0];
    expect(troca?.tags.map((t) => t.tag)).toEqual(['Troca']);
    expect((await http.delete(`/api/knowledge/tags/${tagId}`, { cookie: gestor })).status).toBe(404);
  });

  it('leaves changes to managers and up', async () => {
    const r = await create(ana, { title: 'Não pode', text: 'x' });
    expect(r.status).toBe(403);
    expect((await http.post('/api/knowledge/tags', { cookie: ana, body: { tag: 'x' } })).status).toBe(403);
    expect((await create(admin, { title: 'Pode', text: 'Sim' })).status).toBe(200);
  });
});

describe('knowledge base access', () => {
  it('refuses everything while the company has the feature off', async () => {
    await setAllow(ctx, ids.companyId, { knowledgebase: false });
    for (const [method, url] of [
      ['get', '/api/knowledge'],
      ['get', '/api/knowledge/most-used'],
      ['get', '/api/knowledge/autocomplete?term=fre'],
      ['get', '/api/knowledge/tags'],
    ] as const) {
      const r = await http[method](url, { cookie: ana });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('O recurso de perguntas e respostas não está ativo para esta empresa.');
    }
    const r = await create(gestor, { title: 'Desligado', text: 'x' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('O recurso de perguntas e respostas não está ativo para esta empresa.');
  });

  it('needs the menu permission perguntas_e_respostas (read to use, write to change)', async () => {
    const setPerms = (id: number, read: string[], write: string[]) =>
      http.post(`/api/companies/${ids.companyId}/permissions`, {
        cookie: admin,
        body: { type: 'user', id, permissions: { remove: [], read, write } },
      });
    const anaId = ids.user(OPERATOR);
    const gestorId = ids.user(MANAGER);
    expect((await setPerms(anaId, ['historico'], [])).status).toBe(200);
    expect((await list(ana)).status).toBe(403);
    expect((await http.get('/api/knowledge/autocomplete?term=fre', { cookie: ana })).status).toBe(403);
    expect((await setPerms(anaId, ['perguntas_e_respostas'], [])).status).toBe(200);
    expect((await list(ana)).status).toBe(200);

    expect((await setPerms(gestorId, ['perguntas_e_respostas'], [])).status).toBe(200);
    expect((await list(gestor)).status).toBe(200);
    const refused = await create(gestor, { title: 'Sem escrita', text: 'x' });
    expect(refused.status).toBe(403);
    expect((await setPerms(gestorId, [], ['perguntas_e_respostas'])).status).toBe(200);
    expect((await create(gestor, { title: 'Com escrita', text: 'x' })).status).toBe(200);

    for (const id of [anaId, gestorId]) {
      await http.delete(`/api/companies/${ids.companyId}/permissions/user/${id}`, { cookie: admin });
    }
  });

  it("scope 'sector' limits operators to their sectors' answers and those without a sector", async () => {
    const financeiro = ids.sector('Financeiro');
    const made = await create(gestor, {
      title: 'Parcelamento de dívida',
      text: 'Parcelamos em até 12x.',
      sector_id: financeiro,
    });
    expect(made.status).toBe(200);
    const bad = await create(gestor, { title: 'Setor inexistente', text: 'x', sector_id: 999999 });
    expect(bad.status).toBe(400);
    const id = (made.body.item as Item).id;

    // Company scope: everybody sees it.
    expect(titles((await list(ana, '?searchFor=parcelamento')).body.items)).toEqual([
      'Parcelamento de dívida',
    ]);
    await setScope('sector');
    // Ana works in Comercial and Suporte; Bruno in Suporte and Financeiro.
    expect((await list(ana, '?searchFor=parcelamento')).body.total).toBe(0);
    expect((await http.post(`/api/knowledge/${id}/increment`, { cookie: ana })).status).toBe(404);
    expect(titles((await list(bruno, '?searchFor=parcelamento')).body.items)).toEqual([
      'Parcelamento de dívida',
    ]);
    // Answers without a sector stay visible to all; managers see everything.
    expect(titles((await list(ana, '?searchFor=frete')).body.items)).toContain('Frete grátis');
    expect((await list(gestor, '?searchFor=parcelamento')).body.total).toBe(1);
  });

  it('keeps companies apart: another company gets 404 and never sees these answers', async () => {
    const other = await http.login(OTHER_ADMIN);
    const [otherCompany] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    await setAllow(ctx, otherCompany?.id ?? 0, { knowledgebase: true });
    const theirs = await list(other);
    expect(theirs.status).toBe(200);
    expect(theirs.body.total).toBe(0);
    const frete = (await list(ana, '?searchFor=frete')).body.items[0];
    expect(
      (await http.patch(`/api/knowledge/${frete?.id}`, { cookie: other, body: { title: 'x' } })).status,
    ).toBe(404);
    expect((await http.delete(`/api/knowledge/${frete?.id}`, { cookie: other })).status).toBe(404);
    expect((await http.post(`/api/knowledge/${frete?.id}/increment`, { cookie: other })).status).toBe(404);
    const tags = (await http.get('/api/knowledge/tags', { cookie: ana })).body as unknown as { id: number }[];
    expect((await http.delete(`/api/knowledge/tags/${tags[0]?.id}`, { cookie: other })).status).toBe(404);
    // Same tag name in another company is its own tag.
    expect((await http.post('/api/knowledge/tags', { cookie: other, body: { tag: 'Frete' } })).status).toBe(
      200,
    );
  });
});
