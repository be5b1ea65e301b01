import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { largePng, samplePdf, samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { modulePermissions } from '../../db/schema/admin';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { encryptSecret } from '../../platform/crypto';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: WhatsAppPeer;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  peer = await startWhatsAppPeer();
});
afterAll(async () => {
  await peer.stop();
  await ctx.close();
});

const template = { name: 'Boas-vindas', element_name: 'boas_vindas', template: 'Olá {{1}}, pedido {{2}}.' };

async function companyId(name: string) {
  const [row] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (!row) throw new Error(`sem empresa ${name}`);
  return row.id;
}

/** A 3GPP/MP4 file of about `bytes` bytes: ftyp, moov and an mdat filling it up. */
function isoMedia(brand: string, bytes: number) {
  const box = (type: string, payload: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + payload.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, payload]);
  };
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from(brand, 'latin1')]),
  );
  const moov = box('moov', Buffer.alloc(32));
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(Math.max(0, bytes - 64), 1))]);
}

async function upload(cookie: string, headerType: string, name: string, data: Buffer) {
  const body = multipart([
    { name: 'header_type', value: headerType },
    { name: 'file', filename: name, data },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/hsm-upload',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

describe('HSM templates', () => {
  it('a manager creates, reads, edits and deletes a template with parameters', async () => {
    const manager = await http.login(MANAGER);
    const created = await http.post('/api/hsm', { cookie: manager, body: template });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    const one = await http.get(`/api/hsm/${id}`, { cookie: manager });
    expect(one.body).toMatchObject({
      name: 'Boas-vindas',
      params: [1, 2],
      editable: true,
      template_type: 'headers',
    });
    // A manager only ever gives the template to their own company.
    expect(one.body.companies).toEqual([await companyId('Empresa Demo')]);

    const edited = await http.patch(`/api/hsm/${id}`, {
      cookie: manager,
      body: {
        ...template,
        template: 'Oi {{1}}',
        use_header: true,
        header_type: 'text',
        header_template: 'Aviso',
      },
    });
    expect(edited.status).toBe(200);
    const list = await http.get('/api/hsm', { cookie: manager });
    const row = (list.body as unknown as { id: number; template: string; header_template: string }[]).find(
      (t) => t.id === id,
    );
    expect(row).toMatchObject({ template: 'Oi {{1}}', header_template: 'Aviso' });

    expect((await http.delete(`/api/hsm/${id}`, { cookie: manager })).status).toBe(200);
    expect((await http.get(`/api/hsm/${id}`, { cookie: manager })).status).toBe(404);
  });

  it('answers the spec texts for header and companies', async () => {
    const admin = await http.login(ADMIN);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...template, use_header: true }, 'Selecione o tipo do cabeçalho.'],
      [{ ...template, use_header: true, header_type: 'text' }, 'Especifíque a mensagem/mídia do cabeçalho.'],
      [{ ...template, use_header: true, header_type: 'image' }, 'Especifíque a mensagem/mídia do cabeçalho.'],
      [{ ...template, companies: [] }, 'Selecione uma empresa.'],
      // A company outside the admin's list does not count.
      [{ ...template, companies: [await companyId('Outra Empresa')] }, 'Selecione uma empresa.'],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/hsm', { cookie: admin, body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const ok = await http.post('/api/hsm', { cookie: admin, body: { ...template, all_companies: true } });
    expect(ok.status).toBe(200);
  });

  it('the authentication type gets the fixed text (code expires in 90 minutes)', async () => {
    const manager = await http.login(MANAGER);
    const r = await http.post('/api/hsm', {
      cookie: manager,
      body: {
        name: 'Código',
        element_name: 'codigo',
        template: 'ignorado',
        template_type: 'authentication',
        auth_type: 'OTP',
      },
    });
    const one = await http.get(`/api/hsm/${r.body.id}`, { cookie: manager });
    expect(one.body.template).toBe(
      '{{1}} é o seu código de verificação. Por segurança, não compartilhe este código. Este código expira em 90 minutos.',
    );
    expect(one.body).toMatchObject({ auth_type: 'OTP', category: 'AUTHENTICATION', params: [1] });
  });

  it('refuses operators, users without the module permission, and other companies', async () => {
    const manager = await http.login(MANAGER);
    const created = await http.post('/api/hsm', { cookie: manager, body: template });
    const operator = await http.login(OPERATOR);
    expect((await http.get('/api/hsm', { cookie: operator })).status).toBe(403);

    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/hsm/${created.body.id}`, { cookie: other })).status).toBe(404);
    expect((await http.patch(`/api/hsm/${created.body.id}`, { cookie: other, body: template })).status).toBe(
      404,
    );
    const otherList = (await http.get('/api/hsm', { cookie: other })).body as unknown as { id: number }[];
    expect(otherList.some((t) => t.id === created.body.id)).toBe(false);

    // The manager gets read-only access to modelos_hsm: reading works, writing is refused.
    const [gestor] = await ctx.db.select().from(users).where(eq(users.email, MANAGER));
    if (!gestor) throw new Error('sem gestor');
    await ctx.db.insert(modulePermissions).values({
      companyId: gestor.companyId,
      targetType: 'user',
      targetId: gestor.id,
      actionId: 'modelos_hsm',
      read: true,
      write: false,
    });
    expect((await http.get('/api/hsm', { cookie: manager })).status).toBe(200);
    const refused = await http.post('/api/hsm', { cookie: manager, body: template });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Você não tem permissão de alteração');
    await ctx.db.delete(modulePermissions).where(eq(modulePermissions.targetId, gestor.id));
  });
});

describe('hsm-upload', () => {
  it('checks the header media by content and size with the spec texts', async () => {
    const admin = await http.login(ADMIN);
    const png = await upload(admin, 'image', 'logo.png', samplePng());
    expect(png.status).toBe(200);
    expect(png.body.success).toBe(true);
    expect(String(png.body.url)).toContain('/api/files/');

    const pdfAsImage = await upload(admin, 'image', 'foto.png', samplePdf());
    expect(pdfAsImage.body.message).toBe('O conteúdo do arquivo foto.png não corresponde à extensão .png.');
    const pdfNamedPdf = await upload(admin, 'image', 'foto.pdf', samplePdf());
    expect(pdfNamedPdf.body.message).toBe('Mídia não suportada. Extensões permitidas: JPEG, JPG, PNG');
    const big = await upload(admin, 'image', 'grande.png', largePng(5 * 1024 * 1024 + 100));
    expect(big.body.message).toBe('Mídia maior que o tamanho suportado (5MB)');
    const gp = await upload(admin, 'video', 'clip.3gp', isoMedia('3gp4', 4096));
    expect(gp.status).toBe(200);
    const bigVideo = await upload(admin, 'video', 'clip.mp4', isoMedia('isom', 16 * 1024 * 1024 + 100));
    expect(bigVideo.body.message).toBe('Mídia maior que o tamanho suportado (16MB)');
    const pngAsDoc = await upload(admin, 'document', 'doc.pdf', samplePng());
    expect(pngAsDoc.body.message).toBe('O conteúdo do arquivo doc.pdf não corresponde à extensão .pdf.');
    const pngNamedPng = await upload(admin, 'document', 'doc.png', samplePng());
    expect(pngNamedPng.body.message).toBe('Mídia não suportada. Extensões permitidas: PDF');
    expect((await upload(admin, 'document', 'doc.pdf', samplePdf())).status).toBe(200);
  });
});

describe('sync from the WABA', () => {
  it('pulls every page of the template list and updates in place the second time', async () => {
    const manager = await http.login(MANAGER);
    const cid = await companyId('Empresa Demo');
    const [channel] = await insertWaentRows(ctx.db, {
      companyId: cid,
      name: 'Meta',
      defaultSectorId: 1,
      phoneNumberId: peer.phoneNumberId,
      wabaId: peer.wabaId,
      accessTokenSealed: encryptSecret(peer.accessToken, ctx.deps.appSecret),
      appSecretSealed: encryptSecret('app-secret', ctx.deps.appSecret),
      verifyToken: 'verify',
      apiBaseUrl: peer.url,
    });
    const first = await http.post('/api/hsm/sync', { cookie: manager, body: { channel_id: channel?.id } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 3, updated: 0, total: 3 });
    const second = await http.post('/api/hsm/sync', { cookie: manager, body: { channel_id: channel?.id } });
    expect(second.body).toMatchObject({ created: 0, updated: 3 });
    const list = (await http.get('/api/hsm', { cookie: manager })).body as unknown as Record<
      string,
      unknown
    >[];
    const synced = list.filter((t) => t.waba_id === peer.wabaId);
    expect(synced).toHaveLength(3);
    expect(synced.find((t) => t.element_name === 'pedido_enviado')).toMatchObject({
      header_type: 'text',
      header_template: 'Pedido {{1}}',
      template: 'Seu pedido {{1}} foi enviado e chega em {{2}} dias.',
      external_status: 'APPROVED',
    });
    expect(synced.find((t) => t.element_name === 'promocao_mes')).toMatchObject({
      category: 'MARKETING',
      external_status: 'PENDING',
      header_type: 'image',
    });
    // Another company's channel is not found.
    const other = await http.login(OTHER_ADMIN);
    expect(
      (await http.post('/api/hsm/sync', { cookie: other, body: { channel_id: channel?.id } })).status,
    ).toBe(404);
  });
});
