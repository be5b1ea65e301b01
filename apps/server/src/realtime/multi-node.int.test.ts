import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, nextEvent, waitDisconnect } from '../../test/helpers/socket-client';
import { spawnServer } from '../../test/helpers/spawn-server';
import { createTestDatabase } from '../../test/helpers/test-database';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 1500, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

const redisUp = await redisReachable();
if (!redisUp)
  console.warn(
    `AVISO: Redis não responde em ${REDIS_URL}: o teste de tempo real com dois processos foi PULADO.`,
  );

type Node = Awaited<ReturnType<typeof spawnServer>>;
let nodeA: Node;
let nodeB: Node;
let dropDb: () => Promise<void>;

async function login(node: Node, email: string) {
  const r = await fetch(`${node.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Prosa@2026' }),
  });
  expect(r.status).toBe(200);
  return (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function call(node: Node, method: string, path: string, cookie: string, body?: unknown) {
  const r = await fetch(`${node.url}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe.runIf(redisUp)('realtime across two server processes through Redis', () => {
  beforeAll(async () => {
    const db = await createTestDatabase();
    dropDb = db.drop;
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      ROLE: 'api',
      SEED_DEMO: 'true',
      APP_SECRET: 'multi-node-secret-multi-node-secret-0',
      WEB_DIST: '/nonexistent',
      DATA_DIR: '/tmp/prosa-multi-node',
    };
    [nodeA, nodeB] = await Promise.all([spawnServer(env), spawnServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([nodeA?.stop(), nodeB?.stop()]);
    await dropDb?.();
  });

  it('an event emitted on node A reaches a socket connected to node B', async () => {
    const opCookie = await login(nodeA, 'ana.operadora@empresademo.com.br');
    const tok = await call(nodeA, 'GET', '/api/users/get-socket-token', opCookie);
    const socketOnB = await connectSocket(nodeB.url, {
      token: tok.body.token,
      company_id: tok.body.companyId,
    });

    const adminCookie = await login(nodeA, 'admin@empresademo.com.br');
    const received = nextEvent(socketOnB, 'company:updated');
    const saved = await call(nodeA, 'PUT', '/api/company/security', adminCookie, {
      mfa_enabled: false,
      password_max_age_days: 45,
    });
    expect(saved.status).toBe(200);
    expect(await received).toEqual({ companyId: tok.body.companyId, changed: ['security'] });

    // Resetting the realtime token on node A closes the socket held by node B.
    const revoked = nextEvent(socketOnB, 'session:revoked');
    await call(nodeA, 'POST', '/api/users/reset-socket-token', opCookie);
    expect(await revoked).toEqual({ reason: 'token_reset' });
    await waitDisconnect(socketOnB);
  });
});
