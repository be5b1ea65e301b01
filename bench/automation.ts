/**
 * Trigger evaluation on the ingest path (issue 17), on a web chat channel with no triggers (the reference) and one
 * with 20 text triggers + the menu + invalid command (every attendance held by the menu; each customer message a
 * keyword → a TEXT reply, or one in three an invalid option → notice + menu), in the same run:
 *   1. cost: one customer message ingested, then the automation consumer reads everything it caused (the message,
 *      and the facts of the replies it stored); BENCH_COST_MESSAGES (500) times, p50/p99 of that handling time;
 *   2. load: BENCH_RATE (1,000) msg/s offered open-loop for BENCH_SECONDS (10) from BENCH_CONTACTS (500) contacts
 *      while one consumer reads as a worker does (batches, one transaction each, sends queued in pg-boss after
 *      commit): facts read, time per fact, whether it caught up within BENCH_DRAIN_SECONDS (60), and the reply
 *      latency (customer message stored → its reply stored, p50/p99).
 * Run: npm run bench:automation   (BENCH_DATABASE_URL, default …/prosa_bench_automation; recreated each run)
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
// The server's request type carries multipart's fields (app.ts registers the plugin; imports below read them).
import type {} from '@fastify/multipart';
import { findMatchingTrigger } from '@prosa/shared/triggers';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { CHANNEL_ADAPTERS } from '../apps/server/src/channels/adapters';
import { createChannelRegistry } from '../apps/server/src/channels/registry';
import { createChannelRepository } from '../apps/server/src/channels/repository';
import { attendances } from '../apps/server/src/db/schema/attendance';
import { type Queue, startQueue } from '../apps/server/src/jobs/queue';
import { JOBS } from '../apps/server/src/jobs/registry';
import { type BatchItem, ingestBatch } from '../apps/server/src/modules/attendance/ingest-batch';
import type { AutomationDeps, AutomationRun } from '../apps/server/src/modules/automation/run';
import {
  automationConsumer,
  automationConsumers,
} from '../apps/server/src/modules/automation-consumer/consumer';
import { loadTriggers } from '../apps/server/src/modules/triggers/engine-support';
import { loadConfig } from '../apps/server/src/platform/config';
import { connectDatabase, runMigrations } from '../apps/server/src/platform/db';
import { createMailer } from '../apps/server/src/platform/mailer';
import { createOutboundGuard } from '../apps/server/src/platform/outbound-url';
import { createStorage } from '../apps/server/src/platform/storage/create-storage';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench_automation';
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Messages of the closed-loop cost measure, per phase. */
const COST_MESSAGES = Number(process.env.BENCH_COST_MESSAGES ?? 500);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 500);
const TEXT_TRIGGERS = 20;
const TICK_MS = 20;
/** How long the consumer may take to empty its backlog after the offering ends before the phase gives up. */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 60);

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

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Cost = { phase: string; n: number; p50: number; p99: number; mean: number };

type LoadResult = {
  phase: string;
  offered: number;
  stored: number;
  seconds: number;
  facts: number;
  perFact: { p50: number; p99: number };
  backlogSeconds: number;
  /** The consumer read every fact within the drain time after the offering ended. */
  caughtUp: boolean;
  /** Batches that failed (a deadlock with the ingest): the worker runs them again. */
  failedBatches: number;
  reply?: { n: number; p50: number; p99: number };
};

async function main() {
  await ensureDatabase();
  const database = connectDatabase(URL_, 10);
  await runMigrations(database);
  const q = <T extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    database.pool.query<T>(text, values);
  await q(`INSERT INTO companies (name, domain) VALUES ('Bench', 'bench.local')`);
  await q(`INSERT INTO sectors (company_id, name) VALUES (1, 'Atendimento')`);
  const channel = async (name: string) =>
    (
      await q<{ id: number }>(
        `INSERT INTO channels (company_id, kind, name, default_sector_id, route_key) VALUES (1, 'web', $1, 1, $2) RETURNING id`,
        [name, randomUUID()],
      )
    ).rows[0]?.id ?? 0;
  const plain = await channel('Sem gatilhos');
  const withTriggers = await channel('Com gatilhos');
  await q(
    `INSERT INTO triggers (company_id, channel_id, triggerable_type, trigger_type, params) VALUES
       (1, $1, 'web', 'menu', '{"message":"Escolha uma opção: digite opcao 1 a opcao 20."}'),
       (1, $1, 'web', 'invalid_command', '{"message":"Opção inválida."}')`,
    [withTriggers],
  );
  for (let i = 1; i <= TEXT_TRIGGERS; i++) {
    await q(
      `INSERT INTO triggers (company_id, channel_id, triggerable_type, trigger_type, name, trigger_text, actions, position)
       VALUES (1, $1, 'web', 'text', $2, $3, $4, $5)`,
      [
        withTriggers,
        `Opção ${i}`,
        `opcao ${i}; alternativa ${i}; pergunta número ${i}`,
        JSON.stringify([{ type: 'TEXT', params: { text: `Resposta da opção ${i}.` } }]),
        i,
      ],
    );
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'prosa-bench-automation-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: URL_,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    PUBLIC_URL: 'http://prosa.bench',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  const channels = createChannelRegistry(CHANNEL_ADAPTERS);
  const base = {
    config,
    db: database.db,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: join(dataDir, 'outbox'),
    }),
    appSecret: config.APP_SECRET ?? '',
    channels,
    channelRepository: createChannelRepository({
      db: database.db,
      appSecret: config.APP_SECRET ?? '',
      registry: channels,
    }),
    storage: createStorage(config, config.APP_SECRET ?? ''),
    outbound: createOutboundGuard({ allowedHosts: config.OUTBOUND_ALLOWED_HOSTS }),
  };
  // As on an API node: sends are queued (pg-boss) after the consumer's commit; no worker takes them here.
  const queue: Queue = await startQueue({ url: URL_, worker: false, jobs: JOBS, deps: base, log: () => {} });
  const deps: AutomationDeps = { ...base, queue };
  const consumer = automationConsumer(deps, (msg, err) => console.error(msg, err));
  const parts = automationConsumers(deps, (msg, err) => console.error(msg, err));
  await consumer.ensure();

  const ingest = (channelId: number, items: BatchItem[]) =>
    ingestBatch(deps, { companyId: 1, channel: { kind: 'web', id: channelId, sectorId: 1 }, items });
  const item = (contact: number, text: string): BatchItem => ({
    contact: { externalId: `visitante-${contact}`, name: `Visitante ${contact}` },
    message: { externalId: randomUUID(), text, sentAt: new Date() },
  });

  /** Each contact opens its attendance (the menu holds those of the triggers channel); not measured. */
  async function open(channelId: number, offset: number) {
    for (let start = 0; start < CONTACTS; start += 100)
      await ingest(
        channelId,
        Array.from({ length: Math.min(100, CONTACTS - start) }, (_, i) => item(offset + start + i, 'Olá')),
      );
    await consumer.drain();
  }
  const textOf = (n: number) => (n % 3 !== 0 ? `Opcao ${1 + (n % TEXT_TRIGGERS)}` : 'não sei');
  /** The next phase starts from the present: whatever a phase left unread is skipped. */
  async function skipBacklog() {
    await q(`DELETE FROM fact_consumers WHERE name LIKE 'automation%'`);
    await consumer.ensure();
  }

  /** Closed loop: one customer message stored, then the consumer reads everything it caused; timed each. */
  async function runCost(phase: string, channelId: number, offset: number): Promise<Cost> {
    await open(channelId, offset);
    const times: number[] = [];
    for (let i = 0; i < COST_MESSAGES; i++) {
      await ingest(channelId, [item(offset + (i % CONTACTS), textOf(i))]);
      const t = performance.now();
      await consumer.drain();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
    return { phase, n: times.length, p50: pct(times, 50), p99: pct(times, 99), mean };
  }

  /** The evaluation alone, in one transaction: the channel's triggers loaded (one query) and the text matched. */
  async function runEvaluation(channelId: number): Promise<Cost> {
    const times: number[] = [];
    await database.db.transaction(async (tx) => {
      const [attendance] = await tx
        .select()
        .from(attendances)
        .where(eq(attendances.channelId, channelId))
        .limit(1);
      if (!attendance) throw new Error('sem atendimento');
      const run: AutomationRun = {
        deps,
        tx,
        attendance,
        message: null,
        now: new Date(),
        afterCommit: () => {},
      };
      for (let i = 0; i < COST_MESSAGES * 4; i++) {
        const t = performance.now();
        const loaded = await loadTriggers(run);
        findMatchingTrigger(
          loaded.text.map((r) => ({ trigger_text: r.triggerText })),
          textOf(i),
        );
        times.push(performance.now() - t);
      }
    });
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
    return {
      phase: 'avaliação (carregar os 22 gatilhos + casar o texto)',
      n: times.length,
      p50: pct(times, 50),
      p99: pct(times, 99),
      mean,
    };
  }

  /** Open loop at RATE msg/s while the consumer reads as a worker would. */
  async function runLoad(phase: string, channelId: number, offset: number): Promise<LoadResult> {
    await open(channelId, offset);
    await skipBacklog();
    const since = new Date();
    const perFact: number[] = [];
    let facts = 0;
    let producing = true;
    let deadline = Number.POSITIVE_INFINITY;
    let gaveUp = false;
    let failedBatches = 0;
    // As the workers run them: every partition of the consumer reads at once, each in its own loop.
    const consume = Promise.all(
      parts.map(async (part) => {
        for (;;) {
          if (performance.now() > deadline) {
            gaveUp = true;
            return;
          }
          const t = performance.now();
          let r: Awaited<ReturnType<typeof part.runBatch>>;
          try {
            r = await part.runBatch();
          } catch (err) {
            // A worker logs it and runs the batch again on its next wake; counted here.
            failedBatches += 1;
            if (failedBatches <= 3) console.error('lote falhou:', err instanceof Error ? err.message : err);
            continue;
          }
          const ms = performance.now() - t;
          if (r.state === 'done' && r.facts > 0) {
            facts += r.facts;
            for (let i = 0; i < r.facts; i++) perFact.push(ms / r.facts);
            continue;
          }
          if (!producing) return;
          await sleep(5);
        }
      }),
    );

    let offered = 0;
    let stored = 0;
    let n = 0;
    const perTick = (RATE * TICK_MS) / 1000;
    const t0 = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let tick = 0; (tick * TICK_MS) / 1000 < SECONDS; tick++) {
      const wait = t0 + tick * TICK_MS - performance.now();
      if (wait > 0) await sleep(wait);
      const batch: BatchItem[] = [];
      for (let i = 0; i < perTick; i++, n++) batch.push(item(offset + (n % CONTACTS), textOf(n)));
      offered += batch.length;
      // Open loop: the next tick does not wait for this one.
      inFlight.push(
        ingest(channelId, batch).then(
          (c) => {
            stored += c;
          },
          (err) => console.error('ingest falhou:', err instanceof Error ? err.message : err),
        ),
      );
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - t0) / 1000;
    const end = performance.now();
    producing = false;
    deadline = end + DRAIN_SECONDS * 1000;
    await consume;
    perFact.sort((a, b) => a - b);
    const result: LoadResult = {
      phase,
      offered,
      stored,
      seconds,
      facts,
      perFact: { p50: pct(perFact, 50), p99: pct(perFact, 99) },
      backlogSeconds: (performance.now() - end) / 1000,
      caughtUp: !gaveUp,
      failedBatches,
    };
    if (channelId === withTriggers) {
      // The k-th customer message of an attendance ↔ its k-th reply (the facts of one attendance are read in
      // order; a reply's messages share the time the consumer handled the fact).
      const r = await q<{ ms: number }>(
        `WITH c AS (
           SELECT m.attendance_id, m.sent_at, row_number() OVER (PARTITION BY m.attendance_id ORDER BY m.id) AS k
           FROM messages m JOIN attendances a ON a.company_id = m.company_id AND a.id = m.attendance_id
           WHERE a.channel_id = $1 AND m.sender_type = 0 AND m.sent_at >= $2),
         b AS (
           SELECT attendance_id, sent_at, row_number() OVER (PARTITION BY attendance_id ORDER BY sent_at) AS k
           FROM (SELECT DISTINCT m.attendance_id, m.sent_at
                 FROM messages m JOIN attendances a ON a.company_id = m.company_id AND a.id = m.attendance_id
                 WHERE a.channel_id = $1 AND m.sender_type = 1 AND m.sent_at >= $2) d)
         SELECT extract(epoch FROM (b.sent_at - c.sent_at)) * 1000 AS ms FROM c JOIN b USING (attendance_id, k)`,
        [channelId, since],
      );
      const lat = r.rows.map((x) => Number(x.ms)).sort((a, b) => a - b);
      result.reply = { n: lat.length, p50: pct(lat, 50), p99: pct(lat, 99) };
    }
    await skipBacklog();
    return result;
  }

  console.log(
    `Gatilhos no caminho de ingestão — ${TEXT_TRIGGERS} gatilhos de texto + menu; ${CONTACTS} contatos por fase\n`,
  );
  const costs = [
    await runCost('referência (sem gatilhos)', plain, 0),
    await runCost('20 gatilhos + menu', withTriggers, 100_000),
  ];
  costs.push(await runEvaluation(withTriggers));
  console.log(
    'Custo por mensagem (uma por vez; o consumidor lê tudo o que ela causa) e a avaliação sozinha:',
  );
  for (const c of costs)
    console.log(
      `  ${c.phase} (${c.n}×): p50 ${c.p50.toFixed(2)} ms, p99 ${c.p99.toFixed(2)} ms, média ${c.mean.toFixed(2)} ms`,
    );
  const loads = [
    await runLoad('referência (sem gatilhos)', plain, 200_000),
    await runLoad('20 gatilhos + menu', withTriggers, 300_000),
  ];
  console.log(`\nCarga: ${RATE} msg/s oferecidas por ${SECONDS} s:`);
  for (const r of loads) {
    console.log(`  ${r.phase}:`);
    console.log(
      `    oferecidas ${r.offered} em ${r.seconds.toFixed(1)} s (${Math.round(r.offered / r.seconds)} msg/s), gravadas ${r.stored}`,
    );
    console.log(
      `    consumidor: ${r.facts} fatos lidos; por fato p50 ${r.perFact.p50.toFixed(2)} ms, p99 ${r.perFact.p99.toFixed(2)} ms`,
    );
    console.log(
      r.caughtUp
        ? `    fila zerada ${r.backlogSeconds.toFixed(1)} s após o fim da oferta`
        : `    fila NÃO zerada ${DRAIN_SECONDS} s após o fim da oferta`,
    );
    if (r.failedBatches > 0) console.log(`    lotes que falharam e foram refeitos: ${r.failedBatches}`);
    if (r.reply)
      console.log(
        `    resposta do gatilho (${r.reply.n} mensagens respondidas): p50 ${r.reply.p50.toFixed(0)} ms, p99 ${r.reply.p99.toFixed(0)} ms`,
      );
  }
  await queue.stop();
  await database.pool.end();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
