import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePdf } from '../../../test/helpers/sample-files';
import { connectSocket, nextEvent } from '../../../test/helpers/socket-client';
import { ADMIN, api, createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { type Realtime, startRealtime } from '../../realtime/hub';

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

type SocketAttachment = { originalName: string; url: string; expireUrl: string };

describe('attachments in realtime events', () => {
  it('reach the visitor socket and the operators with signed URLs that download the file', async () => {
    const http = api(ctx);
    const admin = await http.login(ADMIN);
    const visitor = await newVisitor(ctx, 'Olga Tempo Real');
    await visitor.send('Pode mandar o contrato?');
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Olga Tempo Real'));
    const id = row?.id ?? 0;

    const widget = io(`${baseUrl}/webchat`, {
      path: '/socket.io',
      auth: { token: visitor.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((ok, fail) => {
      widget.once('connect', () => ok());
      widget.once('connect_error', fail);
    });
    const t = await http.get('/api/users/get-socket-token', { cookie: admin });
    const staff = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });

    const pdf = samplePdf('Contrato');
    const body = multipart([{ name: 'file', filename: 'contrato.pdf', data: pdf }]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/attendances/${id}/upload`,
      headers: { ...body.headers, cookie: admin },
      payload: body.payload,
    });
    const toVisitor = new Promise<{ text: string; attachments: SocketAttachment[] }>((ok) =>
      widget.once('message', ok),
    );
    const toStaff = nextEvent(staff, 'message:created');
    await http.post(`/api/attendances/${id}/messages`, {
      cookie: admin,
      body: { message: '', attachments: [JSON.parse(up.body).file] },
    });

    const received = await toVisitor;
    expect(received.text).toBe('Segue arquivo(s) em anexo.');
    expect(received.attachments[0]?.originalName).toBe('contrato.pdf');
    const download = await fetch(`${baseUrl}${received.attachments[0]?.url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    const staffMessage = (await toStaff).message as { attachments: SocketAttachment[] };
    expect(staffMessage.attachments[0]?.url).toMatch(/^\/api\/files\/att\//);
    expect(Date.parse(staffMessage.attachments[0]?.expireUrl ?? '')).toBeGreaterThan(Date.now());

    widget.close();
    staff.close();
  });
});
