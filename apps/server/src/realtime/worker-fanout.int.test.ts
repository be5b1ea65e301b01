import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectSocket } from '../../test/helpers/socket-client';
import { spawnServer } from '../../test/helpers/spawn-server';
import { createTestDatabase } from '../../test/helpers/test-database';
import { attendances } from '../db/schema/attendance';
import { companies } from '../db/schema/companies';
import { autoDistConfigs } from '../db/schema/distribution';
import { users } from '../db/schema/users';
import { connectDatabase, type Database } from '../platform/db';

// A fact produced on a ROLE=worker process (the distribution cycle) reaches the operator's socket on the
// ROLE=api process: no Redis, no in-process event, only the facts table (plan 0005 §5).

type Node = Awaited<ReturnType<typeof spawnServer>>;
let api: Node;
let worker: Node;
let database: Database;
let dropDb: () => Promise<void>;

async function post(path: string, body: unknown, cookie = '') {
  const r = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const db = await createTestDatabase();
  dropDb = db.drop;
  const env = {
    DATABASE_URL: db.url,
    SEED_DEMO: 'true',
    SEED_SAMPLES: 'false',
    APP_SECRET: 'worker-fanout-secret-worker-fanout-0',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/prosa-worker-fanout',
    DISTRIBUTION_TICK_MS: '100',
  };
  // The api process migrates and seeds first; the worker then finds the database ready.
  api = await spawnServer({ ...env, ROLE: 'api' });
  worker = await spawnServer({ ...env, ROLE: 'worker' });
  database = connectDatabase(db.url, 2);
}, 120_000);
afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop()]);
  await database?.pool.end();
  await dropDb?.();
});

describe('realtime from facts across an api and a worker process', () => {
  it("a card the worker's distribution cycle assigns reaches the operator's socket on the api process", async () => {
    const [demo] = await database.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
    if (!demo) throw new Error('empresa demo ausente');
    const [ana] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ana.operadora@empresademo.com.br'));
    if (!ana) throw new Error('operadora ausente');
    await database.db
      .update(companies)
      .set({ metadata: { ...(demo.metadata as object), triage: 'OPERATOR', auto_dist: { on: true } } })
      .where(eq(companies.id, demo.id));
    await database.db
      .insert(autoDistConfigs)
      .values({ companyId: demo.id, enabled: true, chatPerUser: 5 })
      .onConflictDoUpdate({ target: autoDistConfigs.companyId, set: { enabled: true, chatPerUser: 5 } });

    const login = await post('/api/auth/login', {
      email: 'ana.operadora@empresademo.com.br',
      password: 'Prosa@2026',
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const tok = await fetch(`${api.url}/api/users/get-socket-token`, { headers: { cookie } }).then(
      (r) => r.json() as Promise<Record<string, unknown>>,
    );
    const socket: ClientSocket = await connectSocket(api.url, {
      token: tok.token,
      company_id: tok.companyId,
    });
    try {
      const assignedToAna = new Promise<{ id: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('o cartão atribuído não chegou ao socket')), 20_000);
        socket.on('attendance:upsert', (card) => {
          if (card.operator_assigned_id === ana.id && card.name === 'Cliente do Worker') {
            clearTimeout(timer);
            resolve(card);
          }
        });
      });
      expect(
        (await post('/api/users/set-status', { user_id: ana.id, status: 'online' }, cookie)).status,
      ).toBe(200);
      const visitor = await post('/api/webchat/demo-empresa/visitors', {
        form: { nome: 'Cliente do Worker' },
      });
      expect(visitor.status).toBe(200);
      const sent = await fetch(`${api.url}/api/webchat/visitor/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-visitor-token': String(visitor.body.token) },
        body: JSON.stringify({ text: 'Olá, preciso de ajuda', client_id: 'worker-fanout-1' }),
      });
      expect(sent.status).toBe(200);

      const card = await assignedToAna;
      // Only the worker runs distribution cycles: the assignment was made there.
      const [row] = await database.db.select().from(attendances).where(eq(attendances.id, card.id));
      expect(row?.operatorAssignedId).toBe(ana.id);
      expect(row?.lastDistribution).not.toBeNull();
    } finally {
      socket.close();
    }
  });
});
