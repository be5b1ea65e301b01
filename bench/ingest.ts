/**
 * Ingest benchmark of issue 12, against real server processes (apps/server/src/main.ts spawned as
 * production runs it) on scratch databases created here and dropped at the end:
 *   0. pgbench: durable single-row ~1 KB inserts, the machine's ceiling, measured in the same run;
 *   1. signed WhatsApp webhooks, 64 in flight, one ROLE=api process: accepted per second;
 *   2. 1,000 msg/s offered open-loop for 30 s from 500 contacts, one ROLE=api,worker process:
 *      POST → the manager's socket `message:created` latency; offered vs stored vs on the socket;
 *   3. the same with ROLE=api and ROLE=worker processes;
 *   4. as 3, the worker SIGKILLed at 10 s and started again at 15 s;
 *   5. two ROLE=api,worker processes, a channel limited to 80 msg/s, 1,000 operator messages posted at once:
 *      the Cloud API peer's arrival rate, each text once.
 * Run: npm run bench:ingest -- --help    (smoke: npm run bench:ingest -- --seconds 5 --rate 50 --phases 1,2)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runAcceptPhase } from './ingest/accept-phase';
import { stopAllNodes } from './ingest/cluster';
import { describeEnvironment, loadAverage } from './ingest/environment';
import { agent } from './ingest/http';
import { runInboundPhase } from './ingest/inbound-phase';
import { parseOptions, phaseSeconds } from './ingest/options';
import { runOutboundPhase } from './ingest/outbound-phase';
import { runPgbench } from './ingest/pgbench';
import {
  acceptVerdict,
  inboundVerdict,
  outboundVerdict,
  type PhaseError,
  printResults,
  type Results,
  TARGETS,
} from './ingest/report';

const root = resolve(import.meta.dirname, '..');
const DATA_DIR = '.data/bench-ingest';

const failure = (err: unknown): PhaseError => ({
  error: err instanceof Error ? err.message.slice(0, 2000) : String(err),
});

function resultsFile(out: string | null, date: Date) {
  if (out) return resolve(out);
  const day = date.toISOString().slice(0, 10);
  const plain = resolve(root, `bench/results/ingest-${day}.json`);
  // A second run the same day keeps the first one's file.
  return existsSync(plain)
    ? resolve(
        root,
        `bench/results/ingest-${day}-${date.toISOString().slice(11, 19).replaceAll(':', '')}.json`,
      )
    : plain;
}

async function main() {
  const o = parseOptions(process.argv.slice(2), process.env);
  const dbOf = (phase: number) => {
    const u = new URL(o.databaseUrl);
    u.pathname = `${u.pathname}_p${phase}`;
    return u.toString();
  };
  const admin = new URL(o.databaseUrl);
  admin.pathname = '/postgres';
  const environment = await describeEnvironment(admin.toString());
  console.log(
    `Ingest benchmark — phases ${o.phases.join(',')}; nproc ${environment.nproc}; load ${environment.loadAverage.join(' ')}; ${environment.postgres.version.split(' on ')[0]}\n`,
  );
  const results: Results = { inbound: [] };
  const loadAtStart: Record<string, number[]> = {};
  const common = { dataDir: DATA_DIR, keepDatabase: o.keepDatabases };

  for (const phase of o.phases) {
    loadAtStart[phase] = loadAverage();
    const seconds = phaseSeconds(o, phase);
    console.log(`phase ${phase} (${seconds} s)…`);
    try {
      if (phase === 0) {
        results.pgbench = await runPgbench({
          ...common,
          databaseUrl: dbOf(0),
          clients: o.concurrency,
          seconds,
        });
      } else if (phase === 1) {
        const pg = results.pgbench && 'tps' in results.pgbench ? results.pgbench.tps : null;
        results.accept = await runAcceptPhase({
          ...common,
          databaseUrl: dbOf(1),
          seconds,
          inFlight: o.concurrency,
          contacts: o.contacts,
          pgbenchTps: pg,
        });
      } else if (phase === 5) {
        results.outbound = await runOutboundPhase({
          ...common,
          databaseUrl: dbOf(5),
          rate: o.outboundRate,
          total: o.outbound,
          attendances: o.outboundAttendances,
          drainSeconds: o.drainSeconds,
        });
      } else {
        results.inbound.push(
          await runInboundPhase({
            ...common,
            phase,
            databaseUrl: dbOf(phase),
            seconds,
            rate: o.rate,
            contacts: o.contacts,
            drainSeconds: o.drainSeconds,
            warmupSeconds: o.warmupSeconds,
          }),
        );
      }
    } catch (err) {
      console.error(`phase ${phase} failed:`, err);
      if (phase === 0) results.pgbench = failure(err);
      else if (phase === 1) results.accept = failure(err);
      else if (phase === 5) results.outbound = failure(err);
      else results.inbound.push({ phase, ...failure(err) });
    }
  }

  const verdicts = {
    accept: results.accept && 'acceptedPerSecond' in results.accept ? acceptVerdict(results.accept) : null,
    inbound: results.inbound.map((p) => ('latency' in p ? { phase: p.phase, ...inboundVerdict(p) } : null)),
    outbound: results.outbound && 'peer' in results.outbound ? outboundVerdict(results.outbound) : null,
  };
  const file = resultsFile(o.out, new Date(environment.date));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        environment: {
          ...environment,
          loadAverageAtEnd: loadAverage(),
          loadAverageAtPhaseStart: loadAtStart,
        },
        options: o,
        targets: TARGETS,
        results: {
          pgbench: results.pgbench,
          accept: results.accept,
          inbound: results.inbound,
          outbound: results.outbound,
        },
        verdicts,
      },
      null,
      2,
    )}\n`,
  );
  // Formatted as the repository's formatter wants it, so the file can be committed as it is.
  try {
    execFileSync(resolve(root, 'node_modules/.bin/biome'), ['format', '--write', file], { stdio: 'ignore' });
  } catch {
    // outside the repository or no biome: the plain JSON stays
  }
  console.log('');
  printResults(results);
  console.log(`\nJSON: ${file}`);
}

let interrupted = false;
const stop = (code: number) => {
  agent.destroy();
  stopAllNodes().finally(() => process.exit(code));
};
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error('\ninterrompido: encerrando os processos do benchmark…');
  stop(130);
});

main().then(
  () => stop(0),
  (err) => {
    console.error(err);
    stop(1);
  },
);
