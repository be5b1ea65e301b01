import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../test/helpers/attendance-fixtures';
import { multipart, type Part } from '../../../test/helpers/multipart';
import {
  largePdf,
  largePng,
  sampleExe,
  sampleMp3,
  samplePdf,
  samplePng,
} from '../../../test/helpers/sample-files';
import { tamperSignature } from '../../../test/helpers/tamper';
import { ADMIN, api, createTestContext, OTHER_ADMIN, type TestContext } from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { signFileUrl } from '../../platform/storage/signed-url';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  // A data folder of its own: "nothing stored" is checked on disk.
  dataDir = await mkdtemp(join(tmpdir(), 'prosa-attachments-'));
  ctx = await createTestContext({ queue: false, env: { DATA_DIR: dataDir } });
  http = api(ctx);
  admin = await http.login(ADMIN);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** An open web chat attendance of the demo company, with the visitor who opened it. */
async function openAttendance(name: string) {
  const visitor = await newVisitor(ctx, name);
  await visitor.send('Olá, segue minha dúvida');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('atendimento não criado');
  return { id: row.id, companyId: row.companyId, visitor };
}

async function upload(attendanceId: number, parts: Part[], cookie = admin) {
  const body = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/attendances/${attendanceId}/upload`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

const file = (filename: string, data: Buffer): Part => ({ name: 'file', filename, data });

async function fetchUrl(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

/** The stored files of an attendance (without the content-type notes beside them). */
async function filesOf(companyId: number, attendanceId: number) {
  const names = await readdir(
    join(ctx.deps.config.DATA_DIR, 'uploads', 'att', String(companyId), String(attendanceId)),
  ).catch(() => [] as string[]);
  return names.filter((n) => !n.endsWith('.meta.json'));
}

describe('attachment upload (spec 1 §7 Uploads)', () => {
  it('answers success, message, type, url, expireUrl and file, and the URL serves the bytes', async () => {
    const att = await openAttendance('Ana Anexo');
    const pdf = samplePdf();
    const r = await upload(att.id, [file('proposta.pdf', pdf)]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Upload realizado com sucesso!',
      type: 'document',
      url: expect.stringMatching(/^\/api\/files\/att\/\d+\/\d+\/[0-9a-f-]{36}\.pdf\?exp=\d+&sig=/),
      file: {
        type: 'document',
        mimeType: 'application/pdf',
        originalName: 'proposta.pdf',
        size: pdf.length,
        sig: expect.any(String),
      },
    });
    expect(Date.parse(r.body.expireUrl as string)).toBeGreaterThan(Date.now() + 3600_000);

    const served = await fetchUrl(r.body.url as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(pdf)).toBe(true);

    // A byte range (video and audio seeking).
    const part = await fetchUrl(r.body.url as string, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`);
    expect(part.body).toBe('%PDF-1.4');
  });

  it('refuses an .exe renamed .png saying the content does not match .png, and stores nothing', async () => {
    const att = await openAttendance('Bruno Binário');
    const r = await upload(att.id, [file('foto.png', sampleExe())]);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O conteúdo do arquivo foto.png não corresponde à extensão .png.');
    // An extension that is not allowed at all still gets the list of the allowed ones (spec 1 §5).
    const other = await upload(att.id, [file('setup.exe', sampleExe())]);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(
      'Arquivo setup.exe inválido! Extensões permitidas: BMP, GIF, JPG, MP4, PDF e PNG.',
    );
    expect(await filesOf(att.companyId, att.id)).toEqual([]);
  });

  it('refuses a file over its kind limit with 413 and the too-large text (image 5 MB, PDF 10 MB)', async () => {
    const att = await openAttendance('Carla Grande');
    const big = await upload(att.id, [file('banner.png', largePng(5 * 1024 * 1024 + 1000))]);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Arquivo banner.png está acima do tamanho máximo permitido');
    // The same size is fine for a PDF.
    const pdf = await upload(att.id, [file('contrato.pdf', largePdf(5 * 1024 * 1024 + 1000))]);
    expect(pdf.status).toBe(200);
    // Past the upload limit (16 MB) the multipart reader stops: the same answer.
    const huge = await upload(att.id, [file('manual.pdf', largePdf(17 * 1024 * 1024))]);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Arquivo manual.pdf está acima do tamanho máximo permitido');
    expect(await filesOf(att.companyId, att.id)).toHaveLength(1);
  });

  it('accepts MP3 only as a voice recording (kind=voice), as type audio', async () => {
    const att = await openAttendance('Davi Voz');
    const plain = await upload(att.id, [file('musica.mp3', sampleMp3())]);
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe(
      'Arquivo musica.mp3 inválido! Extensões permitidas: BMP, GIF, JPG, MP4, PDF e PNG.',
    );
    const voice = await upload(att.id, [{ name: 'kind', value: 'voice' }, file('gravacao.mp3', sampleMp3())]);
    expect(voice.status).toBe(200);
    expect(voice.body).toMatchObject({ type: 'audio', file: { mimeType: 'audio/mpeg', type: 'audio' } });
    // A voice recording must be MP3.
    const notAudio = await upload(att.id, [
      { name: 'kind', value: 'voice' },
      file('gravacao.mp3', samplePng()),
    ]);
    expect(notAudio.status).toBe(400);
  });

  it('refuses a request without a file, or with two files', async () => {
    const att = await openAttendance('Elisa Vazia');
    const none = await upload(att.id, [{ name: 'kind', value: 'file' }]);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Selecione um arquivo para enviar.');
    const two = await upload(att.id, [file('a.pdf', samplePdf()), file('b.pdf', samplePdf())]);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('Envie um arquivo por vez.');
  });

  it('is refused on an attendance the caller cannot see (another company: 404)', async () => {
    const att = await openAttendance('Fábio Alheio');
    const other = await http.login(OTHER_ADMIN);
    const r = await upload(att.id, [file('x.pdf', samplePdf())], other);
    expect(r.status).toBe(404);
    expect((await http.post(`/api/attendances/${att.id}/upload`)).status).toBe(401);
  });
});

describe('sending attachments (spec 1 §4, §5)', () => {
  it('an attachment-only message says "Segue arquivo(s) em anexo." and stores the key, not a URL', async () => {
    const att = await openAttendance('Gabi Galeria');
    const up = await upload(att.id, [file('foto.png', samplePng())]);
    const sent = await http.post(`/api/attendances/${att.id}/messages`, {
      cookie: admin,
      body: { message: '   ', attachments: [up.body.file], client_id: 'envio-anexo-0001' },
    });
    expect(sent.status).toBe(200);
    const message = sent.body.message as { id: number; text: string; attachments: Record<string, unknown>[] };
    expect(message.text).toBe('Segue arquivo(s) em anexo.');
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      originalName: 'foto.png',
      url: expect.stringMatching(/^\/api\/files\//),
      expireUrl: expect.any(String),
    });
    expect(message.attachments[0]).not.toHaveProperty('sig');

    const [row] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, att.companyId), eq(messages.id, message.id)));
    const stored = row?.attachments[0] as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['id', 'key', 'mimeType', 'originalName', 'size', 'type']);

    // Listing the messages signs fresh URLs that serve the file.
    const list = await http.get(`/api/attendances/${att.id}/messages`, { cookie: admin });
    const listed = (list.body.items as { id: number; attachments: { url: string }[] }[]).find(
      (m) => m.id === message.id,
    );
    const served = await fetchUrl(listed?.attachments[0]?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // The same send again (same client id) is answered with the stored message: nothing is sent twice.
    const again = await http.post(`/api/attendances/${att.id}/messages`, {
      cookie: admin,
      body: { message: '   ', attachments: [up.body.file], client_id: 'envio-anexo-0001' },
    });
    expect(again.status).toBe(200);
    expect((again.body.message as { id: number }).id).toBe(message.id);
    const rows = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, att.companyId), eq(messages.attendanceId, att.id)));
    expect(rows.filter((m) => m.senderType === 1)).toHaveLength(1);
  });

  it('refuses a 6th file with "Máximo de 5 arquivos excedido." and accepts 5 with the caption', async () => {
    const att = await openAttendance('Heitor Seis');
    const refs: unknown[] = [];
    for (let i = 1; i <= 6; i++) {
      const up = await upload(att.id, [file(`doc-${i}.pdf`, samplePdf(`Documento ${i}`))]);
      expect(up.status).toBe(200);
      refs.push(up.body.file);
    }
    const six = await http.post(`/api/attendances/${att.id}/messages`, {
      cookie: admin,
      body: { message: 'Documentos', attachments: refs },
    });
    expect(six.status).toBe(400);
    expect(six.body.message).toBe('Máximo de 5 arquivos excedido.');
    const five = await http.post(`/api/attendances/${att.id}/messages`, {
      cookie: admin,
      body: { message: 'Documentos', attachments: refs.slice(0, 5) },
    });
    expect(five.status).toBe(200);
    expect(five.body.message).toMatchObject({ text: 'Documentos' });
    expect((five.body.message as { attachments: unknown[] }).attachments).toHaveLength(5);
  });

  it('refuses a reference that was changed or belongs to another attendance', async () => {
    const a = await openAttendance('Íris Original');
    const b = await openAttendance('João Outro');
    const up = await upload(a.id, [file('nota.pdf', samplePdf())]);
    const ref = up.body.file as Record<string, unknown>;
    const renamed = await http.post(`/api/attendances/${a.id}/messages`, {
      cookie: admin,
      body: { message: 'x', attachments: [{ ...ref, originalName: 'outro.pdf' }] },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('Anexo inválido. Envie o arquivo novamente.');
    const elsewhere = await http.post(`/api/attendances/${b.id}/messages`, {
      cookie: admin,
      body: { message: 'x', attachments: [ref] },
    });
    expect(elsewhere.status).toBe(400);
  });
});

describe('signed file URLs', () => {
  it('refuse an expired, tampered or unsigned link with 403', async () => {
    const att = await openAttendance('Karla Link');
    const up = await upload(att.id, [file('foto.png', samplePng())]);
    const url = new URL(up.body.url as string, 'http://prosa.test');
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig') ?? '';

    expect((await fetchUrl(`${url.pathname}?exp=${exp}&sig=${sig}`)).statusCode).toBe(200);
    const tamperedSig = tamperSignature(sig);
    expect(tamperedSig).not.toBe(sig);
    const tampered = await fetchUrl(`${url.pathname}?exp=${exp}&sig=${tamperedSig}`);
    expect(tampered.statusCode).toBe(403);
    expect(JSON.parse(tampered.body).message).toBe('Link do arquivo expirado ou inválido.');
    expect((await fetchUrl(`${url.pathname}?exp=${exp + 60}&sig=${sig}`)).statusCode).toBe(403);
    expect((await fetchUrl(url.pathname)).statusCode).toBe(403);

    // A link whose time has passed.
    const key = decodeURIComponent(url.pathname.replace('/api/files/', ''));
    const pastUrl = signFileUrl(ctx.deps.appSecret, key, -120);
    expect(pastUrl.expiresAt.getTime()).toBeLessThan(Date.now());
    expect((await fetchUrl(pastUrl.url)).statusCode).toBe(403);
  });
});

describe('web chat visitor', () => {
  it('receives the operator attachment in its conversation and downloads it', async () => {
    const att = await openAttendance('Lara Visitante');
    const up = await upload(att.id, [file('boleto.pdf', samplePdf('Boleto'))]);
    await http.post(`/api/attendances/${att.id}/messages`, {
      cookie: admin,
      body: { message: 'Segue o boleto', attachments: [up.body.file] },
    });
    const state = await att.visitor.state();
    const last = (
      state.body.messages as { text: string; attachments: { url: string; originalName: string }[] }[]
    ).at(-1);
    expect(last?.text).toBe('Segue o boleto');
    expect(last?.attachments[0]?.originalName).toBe('boleto.pdf');
    const served = await fetchUrl(last?.attachments[0]?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.toString('latin1')).toContain('(Boleto)');
  });

  it('uploads with its token by the same rules and sends the file to the operator', async () => {
    const att = await openAttendance('Mário Remetente');
    const send = async (parts: Part[], token?: string) => {
      const body = multipart(parts);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webchat/visitor/upload',
        headers: { ...body.headers, ...(token ? { 'x-visitor-token': token } : {}) },
        payload: body.payload,
      });
      return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
    };
    expect((await send([file('x.png', samplePng())])).status).toBe(401);
    const exe = await send([file('setup.png', sampleExe())], att.visitor.token);
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe('O conteúdo do arquivo setup.png não corresponde à extensão .png.');

    const ok = await send([file('comprovante.png', samplePng())], att.visitor.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      type: 'image',
      url: expect.stringMatching(/^\/api\/files\/web\//),
    });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webchat/visitor/messages',
      headers: { 'x-visitor-token': att.visitor.token },
      payload: { text: '', client_id: 'visitante-arquivo-01', attachments: [ok.body.file] },
    });
    expect(res.statusCode).toBe(200);
    const visitorMessage = JSON.parse(res.body).message as { attachments: { originalName: string }[] };
    expect(visitorMessage.attachments[0]?.originalName).toBe('comprovante.png');

    const list = await http.get(`/api/attendances/${att.id}/messages`, { cookie: admin });
    const inbound = (
      list.body.items as { sender_type: number; attachments: { url: string; mimeType: string }[] }[]
    )[0];
    expect(inbound?.sender_type).toBe(0);
    expect(inbound?.attachments[0]?.mimeType).toBe('image/png');
    expect((await fetchUrl(inbound?.attachments[0]?.url ?? '')).statusCode).toBe(200);

    // Another visitor cannot send this visitor's file.
    const other = await newVisitor(ctx, 'Nina Intrusa');
    const stolen = await ctx.app.inject({
      method: 'POST',
      url: '/api/webchat/visitor/messages',
      headers: { 'x-visitor-token': other.token },
      payload: { text: 'meu', client_id: 'visitante-arquivo-02', attachments: [ok.body.file] },
    });
    expect(stolen.statusCode).toBe(400);
  });
});
