import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePdf, samplePng } from '../../../test/helpers/sample-files';
import { tamperSignedUrl } from '../../../test/helpers/tamper';
import { ADMIN, api, createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { startS3Peer } from '../../../test/peers/s3-peer';
import { attendances } from '../../db/schema/attendance';
import { loadConfig } from '../config';
import { s3Storage } from './s3-storage';

const BUCKET = 'prosa-anexos';
const SECRET = 'segredo-de-teste-segredo-de-teste-123';
let peer: Awaited<ReturnType<typeof startS3Peer>>;

beforeAll(async () => {
  peer = await startS3Peer({ bucket: BUCKET });
});
afterAll(() => peer.close());

const readAll = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

describe('S3 store against an S3-compatible server (path-style, signed requests)', () => {
  const store = () =>
    s3Storage({
      bucket: BUCKET,
      region: 'sa-east-1',
      endpoint: peer.endpoint,
      accessKeyId: 'AKIATESTE',
      secretAccessKey: 'segredo',
      forcePathStyle: true,
      secret: SECRET,
    });

  it('puts, gets (whole and a range), deletes; a missing key is null', async () => {
    const s = store();
    const key = 'att/1/10/0b7c3f4e-0000-4000-8000-000000000001.png';
    const png = samplePng();
    await s.put(key, png, 'image/png');
    expect(peer.objects.get(key)?.body.equals(png)).toBe(true);
    expect(peer.objects.get(key)?.contentType).toBe('image/png');

    const got = await s.get(key);
    expect(got?.contentType).toBe('image/png');
    expect(got?.size).toBe(png.length);
    expect(got && (await readAll(got.body)).equals(png)).toBe(true);

    const part = await s.get(key, { start: 1, end: 3 });
    expect(part?.range).toEqual({ start: 1, end: 3 });
    expect(part?.size).toBe(png.length);
    expect(part && (await readAll(part.body)).toString('latin1')).toBe('PNG');

    await s.delete(key);
    expect(peer.objects.has(key)).toBe(false);
    expect(await s.get(key)).toBeNull();

    // Every call was signed (SigV4 Authorization header) and path-style.
    const mine = peer.requests.filter((r) => r.path === `/${BUCKET}/${key}`);
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine.every((r) => r.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=AKIATESTE/'))).toBe(
      true,
    );
  });

  it('signs URLs to our own file route, like the disk store', () => {
    const signed = store().signedUrl('att/1/10/x.pdf', 600);
    expect(signed.url).toMatch(/^\/api\/files\/att\/1\/10\/x\.pdf\?exp=\d+&sig=/);
  });

  it('the peer refuses an unsigned request', async () => {
    const res = await fetch(`${peer.endpoint}/${BUCKET}/qualquer`, { method: 'GET' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('AccessDenied');
  });
});

describe('the app with S3_BUCKET set', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      queue: false,
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: peer.endpoint,
        S3_REGION: 'sa-east-1',
        S3_ACCESS_KEY_ID: 'AKIATESTE',
        S3_SECRET_ACCESS_KEY: 'segredo',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
  });
  afterAll(() => ctx.close());

  it('stores uploads in the bucket and serves them through the signed route', async () => {
    expect(ctx.deps.storage.kind).toBe('s3');
    const http = api(ctx);
    const admin = await http.login(ADMIN);
    const visitor = await newVisitor(ctx, 'Sara S3');
    await visitor.send('Oi');
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Sara S3'));
    const pdf = samplePdf('Na nuvem');
    const body = multipart([{ name: 'file', filename: 'nuvem.pdf', data: pdf }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/attendances/${row?.id}/upload`,
      headers: { ...body.headers, cookie: admin },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const up = JSON.parse(res.body) as { url: string; file: { key: string } };
    expect(peer.objects.get(up.file.key)?.body.equals(pdf)).toBe(true);

    const served = await ctx.app.inject({ method: 'GET', url: up.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
    const tamperedUrl = tamperSignedUrl(up.url);
    expect(tamperedUrl).not.toBe(up.url);
    const tampered = await ctx.app.inject({ method: 'GET', url: tamperedUrl });
    expect(tampered.statusCode).toBe(403);
  });

  it('refuses S3 keys given without their secret', () => {
    expect(() => loadConfig({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'AKIATESTE' })).toThrow(
      /S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY devem ser informados juntos/,
    );
    expect(loadConfig({ S3_BUCKET: BUCKET }).S3_FORCE_PATH_STYLE).toBe(false);
  });
});
