/**
 * One full distribution cycle with 10,000 waiting attendances and 500 online operators (5 sectors, limit 5:
 * 2,500 places). Run: npm run bench:distribution   (BENCH_DATABASE_URL, default …/prosa_bench_dist)
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { runDistributionCycle } from '../apps/server/src/modules/distribution/run-cycle';
import { connectDatabase, runMigrations } from '../apps/server/src/platform/db';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench_dist';
const WAITING = 10_000;
const OPERATORS = 500;
const LIMIT = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

async function ensureDatabase() {
  const u = new URL(URL_);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function main() {
  await ensureDatabase();
  const database = connectDatabase(URL_, 4);
  await runMigrations(database);
  const q = (text: string) => database.pool.query(text);
  await q(`INSERT INTO companies (name, domain) VALUES ('Bench', 'bench.local')`);
  await q(`INSERT INTO sectors (company_id, name) SELECT 1, 'Setor ' || g FROM generate_series(1, 5) g`);
  await q(`INSERT INTO users (company_id, name, display_name, email, password_hash, role, operator_status)
           SELECT 1, 'Operador ' || g, 'Op' || g, 'op' || g || '@bench.local', 'x', 0, 'online' FROM generate_series(1, ${OPERATORS}) g`);
  await q(`INSERT INTO user_sectors (company_id, user_id, sector_id) SELECT 1, id, 1 + id % 5 FROM users`);
  await q(`INSERT INTO auto_dist_configs (company_id, enabled, chat_per_user) VALUES (1, true, ${LIMIT})`);
  await q(`INSERT INTO attendances (company_id, card_id, protocol, contact_id, person_id, channel_kind, channel_id, name, sector_id, queued_at)
           SELECT 1, 'web_1_' || g, lpad(g::text, 14, '0'), g, g, 'web', 1, 'Contato ' || g, 1 + g % 5, now() - (g || ' seconds')::interval
           FROM generate_series(1, ${WAITING}) g`);
  await q('VACUUM ANALYZE');
  const deps = { db: database.db };
  const times: number[] = [];
  let assigned = 0;
  for (let i = 0; i < RUNS; i++) {
    await q('UPDATE attendances SET operator_assigned_id = NULL, operator_assigned_name = NULL');
    await q('UPDATE users SET last_assigned_at = NULL');
    // The harness un-assigns 10,000 rows at once; vacuum so the cycle meets the table as autovacuum keeps it.
    await q('VACUUM attendances, users');
    const t = performance.now();
    const r = await runDistributionCycle(deps, { companyId: 1 });
    times.push(performance.now() - t);
    assigned = r.assigned;
  }
  times.sort((a, b) => a - b);
  const p = (x: number) => times[Math.min(times.length - 1, Math.floor((x / 100) * times.length))] ?? 0;
  console.log(
    `Ciclo completo: ${WAITING} aguardando, ${OPERATORS} operadores, limite ${LIMIT} → ${assigned} atribuídos`,
  );
  console.log(`p50 ${p(50).toFixed(1)} ms   p95 ${p(95).toFixed(1)} ms   (${RUNS} ciclos)`);
  console.log(
    `≈ ${Math.round(assigned / (p(50) / 1000)).toLocaleString('pt-BR')} atribuições por segundo (p50)`,
  );
  await database.pool.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
