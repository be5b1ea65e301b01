import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../test/helpers/attendance-fixtures';
import { multipart, type Part } from '../../../test/helpers/multipart';
import { largePdf, largePng, sampleMp4, samplePdf, samplePng } from '../../../test/helpers/sample-files';
import { saveSettings } from '../../../test/helpers/save-settings';
import { api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';

// Settings tab 14 (media control): the kinds and sizes a manager saves decide what operators may attach.
let ctx: TestContext;
let http: ReturnType<typeof api>;
let dataDir: string;
let manager: string;
let ana: string;
let attendanceId: number;

const MB = 1024 * 1024;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'prosa-media-control-'));
  ctx = await createTestContext({ queue: false, env: { DATA_DIR: dataDir } });
  http = api(ctx);
  manager = await http.login(MANAGER);
  ana = await http.login(OPERATOR);
  const visitor = await newVisitor(ctx, 'Cliente Mídias');
  await visitor.send('Olá, vou mandar um arquivo');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Cliente Mídias'));
  if (!row) throw new Error('atendimento não criado');
  attendanceId = row.id;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(filename: string, data: Buffer) {
  const parts: Part[] = [{ name: 'file', filename, data }];
  const body = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/attendances/${attendanceId}/upload`,
    headers: { ...body.headers, cookie: ana },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

describe('settings tab media control', () => {
  it('by default every kind passes up to the channels limit, above it the file is named', async () => {
    expect((await upload('foto.png', samplePng())).status).toBe(200);
    expect((await upload('video.mp4', sampleMp4())).status).toBe(200);
    const big = await upload('grande.png', largePng(5 * MB + 1024));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Arquivo grande.png está acima do tamanho máximo permitido');
  });

  it('a kind turned off is refused with the extensions still allowed; allowed kinds pass', async () => {
    const saved = await saveSettings(ctx, manager, {
      media_control: { video: { enabled: false }, document: { enabled: false } },
    });
    expect(saved.status).toBe(200);
    const video = await upload('video.mp4', sampleMp4());
    expect(video.status).toBe(400);
    expect(video.body.message).toBe('Mídia não suportada. Extensões permitidas: BMP, GIF, JPG, PNG, MP3');
    const pdf = await upload('contrato.pdf', samplePdf());
    expect(pdf.body.message).toBe('Mídia não suportada. Extensões permitidas: BMP, GIF, JPG, PNG, MP3');
    const image = await upload('foto.png', samplePng());
    expect(image.status).toBe(200);
    expect(image.body.type).toBe('image');

    // The file of an active WhatsApp follows the same rules.
    expect((await saveSettings(ctx, manager, { allow: { 'whatsapp-active': true } })).status).toBe(200);
    const form = multipart([{ name: 'file', filename: 'video.mp4', data: sampleMp4() }]);
    const active = await ctx.app.inject({
      method: 'POST',
      url: '/api/active-waweb-upload',
      headers: { ...form.headers, cookie: manager },
      payload: form.payload,
    });
    expect(active.statusCode).toBe(400);
    expect(JSON.parse(active.body).message).toBe(
      'Mídia não suportada. Extensões permitidas: BMP, GIF, JPG, PNG, MP3',
    );
  });

  it('a file above the company size of its kind is refused with that size', async () => {
    const saved = await saveSettings(ctx, manager, {
      media_control: { document: { enabled: true, max_mb: 1 }, image: { max_mb: 2 } },
    });
    expect(saved.status).toBe(200);
    const pdf = await upload('contrato.pdf', largePdf(MB + 2048));
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toBe('Mídia maior que o tamanho suportado (1 MB)');
    const image = await upload('foto.png', largePng(3 * MB));
    expect(image.body.message).toBe('Mídia maior que o tamanho suportado (2 MB)');
    expect((await upload('pequeno.pdf', samplePdf())).status).toBe(200);
    expect((await upload('foto.png', largePng(MB))).status).toBe(200);
  });

  it('a size outside the kind range is refused in Portuguese; operators cannot change it', async () => {
    const r = await saveSettings(ctx, manager, { media_control: { image: { max_mb: 6 } } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O tamanho máximo de imagem deve ser um número inteiro entre 1 e 5 MB.');
    const meta = (await http.get('/api/company/metadata', { cookie: manager })).body;
    const byOperator = await http.put('/api/company/metadata', {
      cookie: ana,
      body: { ...meta, media_control: { image: { enabled: false } } },
    });
    expect(byOperator.status).toBe(403);
  });
});
