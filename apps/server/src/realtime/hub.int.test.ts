import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, flushSocket, nextEvent, waitDisconnect } from '../../test/helpers/socket-client';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../test/helpers/test-app';
import { type Realtime, startRealtime } from './hub';

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

async function tokenFor(email: string) {
  const cookie = await http.login(email);
  const t = await http.get('/api/users/get-socket-token', { cookie });
  return { cookie, token: t.body.token as string, companyId: t.body.companyId as number };
}

describe('realtime socket', () => {
  it('refuses a missing or forged token, and a token presented with another company id', async () => {
    const { token, companyId } = await tokenFor(OPERATOR);
    await expect(connectSocket(baseUrl, { token: undefined, company_id: companyId })).rejects.toThrow(
      'Ocorreu um erro (Código 4)...',
    );
    await expect(connectSocket(baseUrl, { token: `${token}x`, company_id: companyId })).rejects.toThrow(
      'Código 4',
    );
    await expect(connectSocket(baseUrl, { token, company_id: companyId + 1 })).rejects.toThrow('Código 4');
  });

  it('accepts the session token with its company id and answers as that user', async () => {
    const { token, companyId } = await tokenFor(OPERATOR);
    const socket = await connectSocket(baseUrl, { token, company_id: companyId });
    const reply = await socket.timeout(5000).emitWithAck('ping');
    expect(reply).toMatchObject({ ok: true, companyId });
    socket.close();
  });

  it("delivers company events to the company's sockets only", async () => {
    const op = await tokenFor(OPERATOR);
    const other = await tokenFor(OTHER_ADMIN);
    const demoSocket = await connectSocket(baseUrl, { token: op.token, company_id: op.companyId });
    const otherSocket = await connectSocket(baseUrl, { token: other.token, company_id: other.companyId });
    let leaked = false;
    otherSocket.on('company:updated', () => {
      leaked = true;
    });
    const admin = await http.login(ADMIN);
    const received = nextEvent(demoSocket, 'company:updated');
    await http.put('/api/company/security', {
      cookie: admin,
      body: { mfa_enabled: false, password_max_age_days: 90 },
    });
    expect(await received).toEqual({ companyId: op.companyId, changed: ['security'] });
    // Anything the server sent the other socket with the event arrives before this round trip's answer.
    await flushSocket(otherSocket);
    expect(leaked).toBe(false);
    demoSocket.close();
    otherSocket.close();
  });

  it('"reset realtime token" disconnects sockets of the old token and refuses it afterwards', async () => {
    const op = await tokenFor(OPERATOR);
    const socket = await connectSocket(baseUrl, { token: op.token, company_id: op.companyId });
    const revoked = nextEvent(socket, 'session:revoked');
    const reset = await http.post('/api/users/reset-socket-token', { cookie: op.cookie });
    expect(await revoked).toEqual({ reason: 'token_reset' });
    await waitDisconnect(socket);
    await expect(connectSocket(baseUrl, { token: op.token, company_id: op.companyId })).rejects.toThrow(
      'Código 4',
    );
    const fresh = await connectSocket(baseUrl, { token: reset.body.token, company_id: op.companyId });
    expect(fresh.connected).toBe(true);
    fresh.close();
  });

  it('logout closes the sockets of that session', async () => {
    const op = await tokenFor(OPERATOR);
    const socket = await connectSocket(baseUrl, { token: op.token, company_id: op.companyId });
    const revoked = nextEvent(socket, 'session:revoked');
    await http.post('/api/auth/logout', { cookie: op.cookie });
    expect(await revoked).toEqual({ reason: 'logout' });
    await waitDisconnect(socket);
    await expect(connectSocket(baseUrl, { token: op.token, company_id: op.companyId })).rejects.toThrow(
      'Código 4',
    );
  });
});
