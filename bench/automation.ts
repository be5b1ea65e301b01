/**
 * Trigger evaluation on the ingest path (issue 17): customer messages ingested open-loop at BENCH_RATE msg/s
 * (1,000) for BENCH_SECONDS (20) from BENCH_CONTACTS (500) web chat contacts, while one automation consumer (as a
 * worker runs it: batches of facts, one transaction each, sends queued in pg-boss after commit) reads the facts.
 *   reference: a channel with no triggers (the consumer reads every fact and finds nothing to do);
 *   triggers:  a channel with 20 text triggers + the menu + invalid command, every attendance held by the menu;
 *              each customer message is a keyword (a TEXT reply) or, one in three, an invalid option (notice + menu).
 * Measured per phase: messages offered and stored, the consumer's time per fact (batch time / facts, p50/p99 over
 * the facts), and for the triggers phase the reply latency (customer message stored → its reply stored, p50/p99).
 * Run: npm run bench:automation   (BENCH_DATABASE_URL, default …/prosa_bench_automation; recreated each run)
 */
// The server's request type carries multipart's fields (app.ts registers the plugin; some imports below read them).

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type {} from '@fastify/multipart';
import pg from 'pg';
import { CHANNEL_ADAPTERS } from '../apps/server/src/channels/adapters';
import { createChannelRegistry } from '../apps/server/src/channels/registry';
import { createChannelRepository } from '../apps/server/src/channels/repository';
import { type Queue, startQueue } from '../apps/server/src/jobs/queue';
import { JOBS } from '../apps/server/src/jobs/registry';
import { type BatchItem, ingestBatch } from '../apps/server/src/modules/attendance/ingest-batch';
import type { AutomationDeps } from '../apps/server/src/modules/automation/run';
import { automationConsumer } from '../apps/server/src/modules/automation-consumer/consumer';
import { loadConfig } from '../apps/server/src/platform/config';
import { connectDatabase, runMigrations } from '../apps/server/src/platform/db';
import { createMailer } from '../apps/server/src/platform/mailer';
import { createOutboundGuard } from '../apps/server/src/platform/outbound-url';
import { createStorage } from '../apps/server/src/platform/storage/create-storage';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench_automation';
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 500);
const TEXT_TRIGGERS = 20;
const TICK_MS = 20;
/** How long the consumer may take to empty its backlog after the offering ends before the phase gives up. */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 120);

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

type PhaseResult = {
  phase: string;
  offered: number;
  stored: number;
  seconds: number;
  facts: number;
  perFact: { p50: number; p99: number };
  backlogSeconds: number;
  /** The consumer read every fact within the drain time after the offering ended. */
  caughtUp: boolean;
  busyPerMessage: number;
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
  await consumer.ensure();

  const ingest = (channelId: number, items: BatchItem[]) =>
    ingestBatch(deps, { companyId: 1, channel: { kind: 'web', id: channelId, sectorId: 1 }, items });
  const item = (contact: number, text: string): BatchItem => ({
    contact: { externalId: `visitante-${contact}`, name: `Visitante ${contact}` },
    message: { externalId: randomUUID(), text, sentAt: new Date() },
  });

  async function runPhase(phase: string, channelId: number): Promise<PhaseResult> {
    // The contacts open their attendances (the menu holds those of the triggers channel); not measured.
    for (let start = 0; start < CONTACTS; start += 100)
      await ingest(
        channelId,
        Array.from({ length: Math.min(100, CONTACTS - start) }, (_, i) => item(start + i, 'Olá')),
      );
    await consumer.drain();
    const since = new Date();

    const perFact: number[] = [];
    let facts = 0;
    let busy = 0;
    let producing = true;
    let deadline = Number.POSITIVE_INFINITY;
    let gaveUp = false;
    const consume = (async () => {
      for (;;) {
        if (performance.now() > deadline) {
          gaveUp = true;
          return;
        }
        const t = performance.now();
        const r = await consumer.runBatch();
        const ms = performance.now() - t;
        if (r.state === 'done' && r.facts > 0) {
          facts += r.facts;
          busy += ms;
          for (let i = 0; i < r.facts; i++) perFact.push(ms / r.facts);
          continue;
        }
        if (!producing) return;
        await sleep(5);
      }
    })();

    let offered = 0;
    let stored = 0;
    let n = 0;
    const perTick = (RATE * TICK_MS) / 1000;
    const t0 = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let tick = 0; (tick * TICK_MS) / 1000 < SECONDS; tick++) {
      const due = t0 + tick * TICK_MS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const batch: BatchItem[] = [];
      for (let i = 0; i < perTick; i++, n++) {
        const keyword = n % 3 !== 0;
        batch.push(item(n % CONTACTS, keyword ? `Opcao ${1 + (n % TEXT_TRIGGERS)}` : 'não sei'));
      }
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
    const offeredSeconds = (performance.now() - t0) / 1000;
    const end = performance.now();
    producing = false;
    deadline = end + DRAIN_SECONDS * 1000;
    await consume;

    const backlogSeconds = (performance.now() - end) / 1000;
    perFact.sort((a, b) => a - b);
    const result: PhaseResult = {
      phase,
      offered,
      stored,
      seconds: offeredSeconds,
      facts,
      perFact: { p50: pct(perFact, 50), p99: pct(perFact, 99) },
      backlogSeconds,
      caughtUp: !gaveUp,
      busyPerMessage: busy / Math.max(1, stored),
    };
    if (channelId === withTriggers) {
      const r = await q<{ ms: number }>(
        `SELECT extract(epoch FROM (r.sent_at - m.sent_at)) * 1000 AS ms
         FROM messages m
         JOIN attendances a ON a.company_id = m.company_id AND a.id = m.attendance_id AND a.channel_id = $1
         JOIN LATERAL (SELECT sent_at FROM messages r
                       WHERE r.company_id = m.company_id AND r.attendance_id = m.attendance_id
                         AND r.sender_type = 1 AND r.id > m.id ORDER BY r.id LIMIT 1) r ON true
         WHERE m.sender_type = 0 AND m.sent_at >= $2`,
        [channelId, since],
      );
      const lat = r.rows.map((x) => Number(x.ms)).sort((a, b) => a - b);
      result.reply = { n: lat.length, p50: pct(lat, 50), p99: pct(lat, 99) };
    }
    return result;
  }

  console.log(
    `Gatilhos no caminho de ingestão — ${RATE} msg/s por ${SECONDS} s, ${CONTACTS} contatos, ${TEXT_TRIGGERS} gatilhos de texto + menu\n`,
  );
  const results = [
    await runPhase('referência (sem gatilhos)', plain),
    await runPhase('20 gatilhos + menu', withTriggers),
  ];
  for (const r of results) {
    console.log(`${r.phase}:`);
    console.log(
      `  oferecidas ${r.offered} em ${r.seconds.toFixed(1)} s (${Math.round(r.offered / r.seconds)} msg/s), gravadas ${r.stored}`,
    );
    console.log(
      `  consumidor: ${r.facts} fatos; por fato p50 ${r.perFact.p50.toFixed(2)} ms, p99 ${r.perFact.p99.toFixed(2)} ms; ${r.busyPerMessage.toFixed(2)} ms de consumidor por mensagem do cliente`,
    );
    console.log(
      r.caughtUp
        ? `  fila zerada ${r.backlogSeconds.toFixed(1)} s após o fim da oferta`
        : `  fila NÃO zerada ${DRAIN_SECONDS} s após o fim da oferta (${r.facts} fatos lidos até então)`,
    );
    if (r.reply)
      console.log(
        `  resposta do gatilho (${r.reply.n} mensagens): p50 ${r.reply.p50.toFixed(0)} ms, p99 ${r.reply.p99.toFixed(0)} ms`,
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
