import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demoId: number;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----prosa-white-label';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Status of a GET of an image (the body is bytes, not JSON). */
async function fetchStatus(url: string, cookie?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return res.statusCode;
}

async function upload(cookie: string, companyId: number, key: string, data: Buffer, name = 'logo.png') {
  const body = multipart({ key }, { name, type: 'image/png', data });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/white-label`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  demoId = demo?.id ?? 0;
});
afterAll(() => ctx.close());

describe('white-label', () => {
  it('accepts images of up to 2 MB checked by content, serves and removes them', async () => {
    const admin = await http.login(ADMIN);

    const disguised = await upload(admin, demoId, 'logo', Buffer.from('<svg onload=alert(1)>'));
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe('O conteúdo do arquivo logo.png não corresponde à extensão .png.');
    const svg = await upload(admin, demoId, 'logo', Buffer.from('<svg/>'), 'logo.svg');
    expect(svg.status).toBe(400);
    expect(svg.body.message).toBe('Arquivo inválido! Envie uma imagem PNG, JPG, GIF ou BMP.');

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(admin, demoId, 'logo', big, 'grande.png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Tamanho máximo 2MB excedido!');

    const wrongKey = await upload(admin, demoId, 'favicon', PNG);
    expect(wrongKey.status).toBe(400);

    const logo = await upload(admin, demoId, 'logo', PNG);
    expect(logo.status).toBe(200);
    expect(logo.body.url).toMatch(
      new RegExp(`^/api/companies/${demoId}/white-label/logo\\?v=logo-\\d+\\.png$`),
    );
    const image = await upload(admin, demoId, 'default_image', JPG, 'padrao.jpg');
    expect(image.status).toBe(200);

    const detail = (await http.get(`/api/companies/${demoId}`, { cookie: admin })).body;
    expect(detail.view_data).toMatchObject({ logo: logo.body.url, logo_login: null });
    expect(detail.default_image).toBe(image.body.url);

    const served = await ctx.app.inject({
      method: 'GET',
      url: String(logo.body.url),
      headers: { cookie: admin },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const jpg = await ctx.app.inject({
      method: 'GET',
      url: String(image.body.url),
      headers: { cookie: admin },
    });
    expect(jpg.headers['content-type']).toBe('image/jpeg');

    // Users of the company see their logo; other companies' admins do not; anonymous callers neither.
    const operator = await http.login(OPERATOR);
    expect(await fetchStatus(`/api/companies/${demoId}/white-label/logo`, operator)).toBe(200);
    const other = await http.login(OTHER_ADMIN);
    expect(await fetchStatus(`/api/companies/${demoId}/white-label/logo`, other)).toBe(404);
    expect((await upload(other, demoId, 'logo', PNG)).status).toBe(404);
    expect(await fetchStatus(`/api/companies/${demoId}/white-label/logo`)).toBe(401);

    const removed = await http.delete(`/api/companies/${demoId}/white-label/logo`, { cookie: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Imagem removida com sucesso!');
    expect(await fetchStatus(`/api/companies/${demoId}/white-label/logo`, admin)).toBe(404);
    const after = (await http.get(`/api/companies/${demoId}`, { cookie: admin })).body;
    expect(after.view_data).toMatchObject({ logo: null });
    expect(after.default_image).toBe(image.body.url);
  });
});
