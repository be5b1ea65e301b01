/**
 * Chat list and conversation reads over 1,000,000 attendances and 20,000,000 messages.
 * Run: npm run bench:chat-list   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/prosa_bench)
 * The data is generated once per database and reused by later runs.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  countOpenAttendances,
  listMessages,
  listOpenAttendances,
} from '../apps/server/src/modules/attendance/repository';
import type { Viewer } from '../apps/server/src/modules/attendance/viewer';
import { connectDatabase, runMigrations } from '../apps/server/src/platform/db';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench';
const ATTENDANCES = Number(process.env.BENCH_ATTENDANCES ?? 1_000_000);
const MESSAGES_PER = Number(process.env.BENCH_MESSAGES_PER_ATTENDANCE ?? 20);
const OPEN_EVERY = 50; // 2% open: 20,000 open attendances
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

async function ensureDatabase() {
  const u = new URL(URL_);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function generate(db: ReturnType<typeof connectDatabase>) {
  const { rows } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM attendances');
  if (Number(rows[0]?.n) >= ATTENDANCES) return;
  console.log(
    `Gerando ${ATTENDANCES.toLocaleString('pt-BR')} atendimentos e ${(ATTENDANCES * MESSAGES_PER).toLocaleString('pt-BR')} mensagens…`,
  );
  const t0 = performance.now();
  await db.pool.query('TRUNCATE messages, attendances, companies RESTART IDENTITY CASCADE');
  await db.pool.query(`INSERT INTO companies (name, domain) VALUES ('Empresa Bench', 'bench.local')`);
  await db.pool.query(`
    INSERT INTO attendances (company_id, card_id, protocol, contact_id, person_id, channel_kind, channel_id, name, sector_id,
      operator_assigned_id, operator_assigned_name, answered, unread_count, last_message_at, first_start_chat_at, closed_at)
    SELECT 1, 'web_1_' || g, lpad(g::text, 14, '0'), g, g, 'web', 1, 'Contato ' || g, 1 + g % 3,
      CASE WHEN g % 4 = 0 THEN NULL ELSE 1 + g % 50 END,
      CASE WHEN g % 4 = 0 THEN NULL ELSE 'Operador ' || (1 + g % 50) END,
      g % 3 <> 0, g % 5,
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval - interval '1 hour',
      CASE WHEN g % ${OPEN_EVERY} = 0 THEN NULL ELSE now() - (g || ' seconds')::interval END
    FROM generate_series(1, ${ATTENDANCES}) g`);
  console.log(`  atendimentos: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const batch = 2_000_000;
  const total = ATTENDANCES * MESSAGES_PER;
  for (let start = 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await db.pool.query(`
      INSERT INTO messages (company_id, attendance_id, message_id, text, sender_type, sent_at, delivery)
      SELECT 1, 1 + (m - 1) / ${MESSAGES_PER}, 'b' || m, 'mensagem de teste número ' || m, m % 2,
        now() - ((${total} - m) || ' seconds')::interval, 'sent'
      FROM generate_series(${start}, ${end}) m`);
    console.log(
      `  mensagens: ${end.toLocaleString('pt-BR')} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  await db.pool.query('VACUUM ANALYZE attendances');
  await db.pool.query('VACUUM ANALYZE messages');
  console.log(`Dados prontos em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const line = `${label.padEnd(58)} p50 ${percentile(samples, 50).toFixed(2)} ms   p95 ${percentile(samples, 95).toFixed(2)} ms`;
  console.log(line);
  return line;
}

async function main() {
  await ensureDatabase();
  const database = connectDatabase(URL_, 4);
  await runMigrations(database);
  await generate(database);
  const base = { sessionId: '', companyId: 1, displayName: 'Bench' };
  const operator: Viewer = { ...base, userId: 7, role: 0, mode: 'OWN_NONE', sectorIds: [1, 2] };
  const operatorOwn: Viewer = { ...base, userId: 7, role: 0, mode: 'OWN', sectorIds: [1, 2] };
  const manager: Viewer = { ...base, userId: 100, role: 1, mode: 'ALL', sectorIds: [1, 2, 3] };
  const q = { filter: 'all' as const, page: 1, q: undefined };
  const page = (v: Viewer) => () =>
    Promise.all([listOpenAttendances(database.db, v, q, 100), countOpenAttendances(database.db, v, q)]);
  console.log(`\n${RUNS} execuções cada (após 10 de aquecimento):`);
  await time('1ª página da lista (100 cards + contadores), operador própr.+livres', page(operator));
  await time('1ª página da lista (100 cards + contadores), operador só próprios', page(operatorOwn));
  await time('1ª página da lista (100 cards + contadores), gestor', page(manager));
  await time('1ª página de um setor (gestor, sector_id=2)', () =>
    Promise.all([
      listOpenAttendances(database.db, manager, { ...q, sector_id: 2 }, 100),
      countOpenAttendances(database.db, manager, { ...q, sector_id: 2 }),
    ]),
  );
  let id = 1;
  await time('50 últimas mensagens de uma conversa', () => {
    id = (id * 7919) % ATTENDANCES || 1;
    return listMessages(database.db, 1, id, undefined, 50);
  });
  await database.pool.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
