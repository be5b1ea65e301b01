import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import {
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, contacts } from '../../db/schema/attendance';
import { processMailing } from '../mailing/process-mailing';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
});
afterAll(() => ctx.close());

async function mailing(title: string, active: boolean) {
  const csv = 'nome;email;plano;cidade;vip;obs\nMaria;maria@exemplo.com;Ouro;Recife;sim;x\n';
  const m = multipart([{ name: 'file', filename: 'l.csv', contentType: 'text/csv', data: Buffer.from(csv) }]);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/mailing-upload',
    headers: { ...m.headers, cookie: manager },
    payload: m.payload,
  });
  const url = (JSON.parse(up.body) as { url: string }).url;
  const params = [
    { field: 0, label: 'Nome', display: true },
    { field: 1, label: 'E-mail', display: false, is_key_to_channel: ['web'] },
    { field: 2, label: 'Plano', display: true },
    { field: 3, label: 'Cidade', display: true },
    { field: 4, label: 'VIP', display: true },
    { field: 5, label: 'Obs', display: false },
  ];
  const r = await http.post('/api/mailings', {
    cookie: manager,
    body: { title, urlFile: url, params, active },
  });
  const id = (r.body.mailing as { id: number }).id;
  const { companyId } = await demoIds(ctx);
  await processMailing(ctx.deps, { companyId, mailingId: id });
  return id;
}

it("shows the contact's displayed params of each active mailing, to who sees the attendance only", async () => {
  const active = await mailing('Planos', true);
  await mailing('Planos antigos', false);
  const name = `Visitante ${randomUUID().slice(0, 6)}`;
  const v = await newVisitor(ctx, name);
  await ctx.db
    .update(contacts)
    .set({ data: sql`${contacts.data} || '{"contact_email":"MARIA@exemplo.com"}'::jsonb` })
    .where(eq(contacts.externalId, v.visitorId));
  await v.send('Oi');
  const [a] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  const r = await http.get(`/api/attendances/${a?.id}/mailing-data`, { cookie: manager });
  expect(r.status).toBe(200);
  expect(r.body).toEqual([
    {
      mailing_id: active,
      title: 'Planos',
      fields: [
        { label: 'Nome', value: 'Maria' },
        { label: 'Plano', value: 'Ouro' },
        { label: 'Cidade', value: 'Recife' },
        { label: 'VIP', value: 'sim' },
      ],
    },
  ]);
  const other = await http.login(OTHER_ADMIN);
  expect((await http.get(`/api/attendances/${a?.id}/mailing-data`, { cookie: other })).status).toBe(404);
});
