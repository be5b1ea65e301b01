import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';

let ctx: TestContext;
let http: ReturnType<typeof api>;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----prosa-test-boundary';
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

async function upload(cookie: string, id: number, file: { name: string; type: string; data: Buffer }) {
  const body = multipart({ id: String(id), logoType: 'logo' }, file);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webchat-upload',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
});
afterAll(() => ctx.close());

describe('web chat logo', () => {
  it('accepts an image of up to 2 MB checked by content, and the widget config points to it', async () => {
    const mg = await http.login(MANAGER);
    const [webchat] = (await http.get('/api/webchats', { cookie: mg })).body as unknown as {
      id: number;
      code: string;
    }[];
    const id = webchat?.id ?? 0;

    const disguised = await upload(mg, id, {
      name: 'logo.png',
      type: 'image/png',
      data: Buffer.from('<svg onload=alert(1)>'),
    });
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe('O conteúdo do arquivo logo.png não corresponde à extensão .png.');
    const svg = await upload(mg, id, {
      name: 'logo.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg/>'),
    });
    expect(svg.status).toBe(400);
    expect(svg.body.message).toBe('Arquivo inválido! Envie uma imagem PNG, JPG, GIF ou BMP.');

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(mg, id, { name: 'grande.png', type: 'image/png', data: big });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Tamanho máximo 2MB excedido!');

    const ok = await upload(mg, id, { name: 'logo.png', type: 'image/png', data: PNG });
    expect(ok.status).toBe(200);
    expect(ok.body.url).toMatch(new RegExp(`^/api/webchat/${webchat?.code}/logo/logo-\\d+\\.png$`));

    const cfg = await http.get(`/api/webchat/${webchat?.code}/config`);
    expect(cfg.body.logo_url).toBe(ok.body.url);
    const served = await ctx.app.inject({ method: 'GET', url: String(ok.body.url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Another company cannot touch it; removing it clears the widget's logo.
    const other = await http.login(OTHER_ADMIN);
    expect((await upload(other, id, { name: 'x.png', type: 'image/png', data: PNG })).status).toBe(404);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/webchats/${id}/logo`,
      headers: { cookie: await http.login(ADMIN) },
    });
    expect(removed.statusCode).toBe(200);
    expect((await http.get(`/api/webchat/${webchat?.code}/config`)).body.logo_url).toBeNull();
  });
});
