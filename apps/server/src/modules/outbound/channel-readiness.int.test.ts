import { WAWEB_MSG } from '@prosa/shared/waweb';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { ADMIN, api, createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { claimSessions, pingServer, setSessionState } from '../../channels/waweb/leases';
import { messages } from '../../db/schema/attendance';
import { ingestInbound } from '../attendance/ingest-batch';

// A reply on a number by QR that nobody runs, or that waits for its QR, is refused at once with the spec's text
// and stores nothing; a running number that is only reconnecting takes it, answering at once with the message
// still sending (it leaves when the session is back).

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let numberId: number;
let attendanceId: number;
let companyId: number;

const texts = async () =>
  (
    await ctx.db
      .select({ text: messages.text, delivery: messages.delivery, error: messages.error })
      .from(messages)
      .where(and(eq(messages.attendanceId, attendanceId), eq(messages.senderType, 1)))
  ).map((m) => `${m.text}:${m.delivery}${m.error ? `:${m.error}` : ''}`);

const reply = (message: string) =>
  http.post(`/api/attendances/${attendanceId}/messages`, { cookie: admin, body: { message } });

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  admin = await http.login(ADMIN);
  const sectors = await http.get('/api/sectors', { cookie: admin });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: admin,
    body: { name: 'Loja QR', sector_id: sectorId },
  });
  numberId = created.body.id as number;
  companyId = (await demoIds(ctx)).companyId;
  const ingested = await ingestInbound(ctx.deps, {
    companyId,
    channel: { kind: 'waweb', id: numberId, sectorId },
    contact: { externalId: '5511977776666', name: 'Cliente QR', data: { phone: '5511977776666' } },
    message: { externalId: 'WA-1', text: 'Oi, tudo bem?', sentAt: new Date() },
  });
  attendanceId = ingested.attendance.id;
});
afterAll(async () => {
  await ctx.close();
});

describe('a reply on a WhatsApp number by QR', () => {
  it('is refused while the number is stopped, and nothing is stored', async () => {
    const res = await reply('Olá!');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(WAWEB_MSG.notRunning);
    expect(await texts()).toEqual([]);
  });

  it('is refused while the number waits for its QR to be read', async () => {
    expect((await http.post(`/api/channels/waweb/${numberId}/start`, { cookie: admin })).status).toBe(200);
    const ref = { companyId, channelId: numberId };
    // A live holder whose control port refuses connections: nothing reaches it, so the reply waits.
    await pingServer(ctx.db, { id: 'srv-pronto', url: 'http://127.0.0.1:45999' });
    expect(await claimSessions(ctx.db, { serverId: 'srv-pronto', max: 100 })).toContainEqual(ref);
    await setSessionState(ctx.db, 'srv-pronto', ref, { state: 'UNPAIRED', qr: '2@a,b,c,d' });
    const res = await reply('Olá!');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(WAWEB_MSG.notRunning);
    expect(await texts()).toEqual([]);
  });

  it('is taken while a paired number reconnects, and waits to leave', async () => {
    const ref = { companyId, channelId: numberId };
    await setSessionState(ctx.db, 'srv-pronto', ref, { state: 'OPENING', qr: null });
    const res = await reply('Já te respondo');
    expect(res.status).toBe(200);
    expect(await texts()).toEqual(['Já te respondo:sending']);
  });
});
