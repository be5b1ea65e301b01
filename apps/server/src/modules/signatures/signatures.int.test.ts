import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { ADMIN, api, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  base = `/api/companies/${ids.companyId}`;
});
afterAll(() => ctx.close());

describe('signatures of a company', () => {
  it('texts, create, edit, delete, and the company list', async () => {
    const admin = await http.login(ADMIN);
    const ana = ids.user(OPERATOR);
    const url = `${base}/users/${ana}/signatures`;
    const noLabel = await http.post(url, {
      cookie: admin,
      body: { label: ' ', sector_id: ids.sector('Suporte') },
    });
    expect(noLabel.body.message).toBe('Descrição é obrigatória');
    const noSector = await http.post(url, { cookie: admin, body: { label: 'Ana - Suporte' } });
    expect(noSector.body.message).toBe('Setor é obrigatório');

    const created = await http.post(url, {
      cookie: admin,
      body: { label: 'Ana - Suporte', sector_id: ids.sector('Suporte') },
    });
    expect(created.status).toBe(200);
    const sig = created.body.signature as { id: number; sector_name: string };
    expect(sig.sector_name).toBe('Suporte');
    const edited = await http.patch(`${url}/${sig.id}`, {
      cookie: admin,
      body: { label: 'Ana | Comercial', sector_id: ids.sector('Comercial') },
    });
    expect(edited.body.signature).toMatchObject({ label: 'Ana | Comercial', sector_name: 'Comercial' });
    const all = await http.get(`${base}/signatures`, { cookie: admin });
    expect(all.body).toEqual([
      expect.objectContaining({ label: 'Ana | Comercial', user_name: expect.stringContaining('Ana') }),
    ]);
    const detail = await http.get(`${base}/users/${ana}`, { cookie: admin });
    expect((detail.body.signatures as unknown[]).length).toBe(1);
    const removed = await http.delete(`${url}/${sig.id}`, { cookie: admin });
    expect(removed.body.message).toBe('Assinatura removida com sucesso!');
    expect((await http.get(url, { cookie: admin })).body).toEqual([]);
    expect((await http.delete(`${url}/${sig.id}`, { cookie: admin })).status).toBe(404);
  });
});
