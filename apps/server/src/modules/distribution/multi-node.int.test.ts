import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../../test/helpers/spawn-server';
import { createTestDatabase } from '../../../test/helpers/test-database';

/**
 * Three server processes (API + worker each) share one PostgreSQL. 2,000 attendances arrive in batches for
 * 100 operators with room for exactly 2,000, while a manager moves attendances between operators through the
 * three APIs. A trigger logs every change of owner so the test can check what happened, not just the end.
 */
const OPERATORS = 100;
const LIMIT = 20;
const ATTENDANCES = OPERATORS * LIMIT;
const BATCHES = 10;

type Node = Awaited<ReturnType<typeof spawnServer>>;
let nodes: Node[] = [];
let db: pg.Pool;
let drop: () => Promise<void>;
let companyId: number;
let sectorId: number;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  db = new pg.Pool({ connectionString: test.url, max: 4 });
  // An idle client the server drops (the database going away at the end) is not the test's failure; a query on
  // a broken client still fails the test.
  db.on('error', () => {});
  const env = {
    DATABASE_URL: test.url,
    ROLE: 'api,worker',
    SEED_DEMO: 'true',
    APP_SECRET: 'multi-node-dist-secret-multi-node-dist-0',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/prosa-dist-nodes',
    DISTRIBUTION_TICK_MS: '100',
    // Errors only: an unexpected answer shows the node's own error line.
    LOG_LEVEL: 'error',
  };
  nodes = await Promise.all([spawnServer(env), spawnServer(env), spawnServer(env)]);
  const c = await db.query<{ id: number }>(`select id from companies where name = 'Empresa Demo'`);
  companyId = c.rows[0]?.id ?? 0;
  const s = await db.query<{ id: number }>(
    `insert into sectors (company_id, name) values ($1, 'Fila') returning id`,
    [companyId],
  );
  sectorId = s.rows[0]?.id ?? 0;
  const hash = (
    await db.query<{ h: string }>(
      `select password_hash as h from users where email = 'gestor@empresademo.com.br'`,
    )
  ).rows[0]?.h;
  await db.query(
    `insert into users (company_id, name, display_name, email, password_hash, role, operator_status)
     select $1, 'Operador ' || g, 'Op' || g, 'op' || g || '@carga.test', $2, 0, 'online' from generate_series(1, ${OPERATORS}) g`,
    [companyId, hash],
  );
  await db.query(
    `insert into user_sectors (company_id, user_id, sector_id) select $1, id, $2 from users where email like '%@carga.test'`,
    [companyId, sectorId],
  );
  await db.query(
    `insert into user_sectors (company_id, user_id, sector_id) select $1, id, $2 from users where email = 'gestor@empresademo.com.br'`,
    [companyId, sectorId],
  );
  await db.query(
    `update companies set metadata = metadata || '{"triage":"MANAGER","auto_dist":{"on":true}}' where id = $1`,
    [companyId],
  );
  await db.query(
    `insert into auto_dist_configs (company_id, enabled, chat_per_user) values ($1, true, ${LIMIT})`,
    [companyId],
  );
  await db.query(`
    create table owner_log (attendance_id bigint, old_op int, new_op int, at timestamptz default clock_timestamp());
    create function log_owner() returns trigger language plpgsql as $$
    begin
      if new.operator_assigned_id is distinct from old.operator_assigned_id then
        insert into owner_log (attendance_id, old_op, new_op) values (new.id, old.operator_assigned_id, new.operator_assigned_id);
      end if;
      return new;
    end $$;
    create trigger owner_log after update on attendances for each row execute function log_owner();`);
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await db?.end();
  await drop?.();
});

async function insertBatch(from: number, count: number) {
  await db.query(
    `with p as (
       insert into persons (company_id, name) select $1, 'Cliente ' || g from generate_series($2::int, $3::int) g returning id, name)
     , c as (
       insert into contacts (company_id, person_id, kind, channel_id, external_id, name)
       select $1, p.id, 'web', 1, 'carga-' || p.id, p.name from p returning id, person_id, name)
     insert into attendances (company_id, card_id, protocol, contact_id, person_id, channel_kind, channel_id, name, sector_id)
     select $1, 'web_1_carga-' || c.person_id, 'C' || lpad(c.id::text, 12, '0'), c.id, c.person_id, 'web', 1, c.name, $4 from c`,
    [companyId, from, from + count - 1, sectorId],
  );
  // What the API does after an attendance arrives: bring the next cycle forward.
  await db.query('update auto_dist_configs set next_cycle_at = now() where company_id = $1', [companyId]);
}

async function maxLoad() {
  const r = await db.query<{ n: string }>(
    `select coalesce(max(n), 0) as n from (select count(*) n from attendances where company_id = $1 and closed_at is null and operator_assigned_id is not null group by operator_assigned_id) x`,
    [companyId],
  );
  return Number(r.rows[0]?.n ?? 0);
}

async function login(node: Node) {
  const r = await fetch(`${node.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gestor@empresademo.com.br', password: 'Prosa@2026' }),
  });
  await r.arrayBuffer();
  return (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('distribution across three server processes', () => {
  it('assigns every attendance exactly once and never puts an operator above the limit, under manual transfers', async () => {
    const cookies = await Promise.all(nodes.map(login));
    const ops = (
      await db.query<{ id: number }>(`select id from users where email like '%@carga.test' order by id`)
    ).rows.map((r) => r.id);
    let observedMax = 0;
    let transfers = 0;
    let refusedFull = 0;
    let stop = false;

    const sampler = (async () => {
      while (!stop) {
        observedMax = Math.max(observedMax, await maxLoad());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // A manager keeps moving assigned attendances to random operators through the three nodes.
    const mover = (async () => {
      let i = 0;
      while (!stop) {
        const row = (
          await db.query<{ id: number }>(
            `select id from attendances where company_id = $1 and operator_assigned_id is not null and closed_at is null order by random() limit 1`,
            [companyId],
          )
        ).rows[0];
        if (row) {
          const node = nodes[i % nodes.length];
          const target = ops[Math.floor(Math.random() * ops.length)];
          const res = await fetch(`${node?.url}/api/attendances/${row.id}/switch-operator`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: cookies[i % nodes.length] ?? '' },
            body: JSON.stringify({ operator_id: target }),
          });
          // Every body is read: an unread one becomes an uncaught error once the nodes stop.
          const body = await res.text();
          if (res.status === 200) transfers++;
          else if (res.status === 409) refusedFull++;
          else
            throw new Error(
              `transferência inesperada: ${res.status} ${body}\n${node
                ?.output()
                .split('\n')
                .filter((l) => /error|erro/i.test(l))
                .slice(-5)
                .join('\n')}`,
            );
          i++;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const perBatch = ATTENDANCES / BATCHES;
    for (let b = 0; b < BATCHES; b++) {
      await insertBatch(b * perBatch + 1, perBatch);
      await new Promise((r) => setTimeout(r, 300));
    }
    const deadline = Date.now() + 60_000;
    let waiting = ATTENDANCES;
    while (Date.now() < deadline) {
      waiting = Number(
        (
          await db.query<{ n: string }>(
            `select count(*) n from attendances where company_id = $1 and operator_assigned_id is null`,
            [companyId],
          )
        ).rows[0]?.n,
      );
      if (waiting === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    stop = true;
    await Promise.all([sampler, mover]);

    expect(waiting).toBe(0);
    expect(observedMax).toBeLessThanOrEqual(LIMIT);
    expect(await maxLoad()).toBe(LIMIT);
    // Each attendance went from the queue to an operator once; later owner changes are the manager's moves.
    const fromQueue = await db.query<{ attendance_id: string; n: string }>(
      `select attendance_id, count(*) n from owner_log where old_op is null group by attendance_id having count(*) > 1`,
    );
    expect(fromQueue.rows).toEqual([]);
    const firstAssignments = Number(
      (
        await db.query<{ n: string }>(
          `select count(distinct attendance_id) n from owner_log where old_op is null`,
        )
      ).rows[0]?.n,
    );
    expect(firstAssignments).toBe(ATTENDANCES);
    // The moves really ran concurrently with the cycles, and full operators were refused.
    expect(transfers).toBeGreaterThan(0);
    console.log(`transferências aceitas: ${transfers}, recusadas por limite: ${refusedFull}`);
  }, 120_000);
});
