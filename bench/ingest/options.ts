import { parseArgs } from 'node:util';

export type Phase = 0 | 1 | 2 | 3 | 4 | 5;
export const ALL_PHASES: Phase[] = [0, 1, 2, 3, 4, 5];

export type IngestOptions = {
  phases: Phase[];
  /** Seconds of each timed phase; null keeps the defaults (pgbench and acceptance 15 s, inbound 30 s). */
  seconds: number | null;
  /** Messages per second offered in phases 2–4. */
  rate: number;
  /** Distinct senders in phases 1–4. */
  contacts: number;
  /** Webhooks in flight in phase 1, and pgbench's clients. */
  concurrency: number;
  /** How long after a phase's last send the bench waits for what is still missing before counting it lost. */
  drainSeconds: number;
  /** Phases 2–4: seconds offered at the phase's rate from other senders before the measured run (not counted). */
  warmupSeconds: number;
  /** Phase 5: operator messages posted at once, the channel's messages_per_second, open attendances used. */
  outbound: number;
  outboundRate: number;
  outboundAttendances: number;
  /** Base URL of the scratch databases (one per phase, suffixed `_p<n>`, dropped at the end). */
  databaseUrl: string;
  /** Where the JSON results go (default bench/results/ingest-<date>.json). */
  out: string | null;
  keepDatabases: boolean;
};

const USAGE = `npm run bench:ingest -- [options]   (each option also as an environment variable)
  --phases 0,1,2,3,4,5        BENCH_PHASES        phases to run (default all)
  --seconds N                 BENCH_SECONDS       duration of every timed phase (default 15 s for 0–1, 30 s for 2–4)
  --rate N                    BENCH_RATE          messages/s offered in phases 2–4 (default 1000)
  --contacts N                BENCH_CONTACTS      senders in phases 1–4 (default 500)
  --concurrency N             BENCH_CONCURRENCY   webhooks in flight in phase 1 and pgbench clients (default 64)
  --drain N                   BENCH_DRAIN_SECONDS wait for stragglers after each phase before counting (default 30)
  --warmup N                  BENCH_WARMUP_SECONDS phases 2–4: seconds at the offered rate from other senders first, not counted (default 3)
  --outbound N                BENCH_OUTBOUND      operator messages posted at once in phase 5 (default 1000)
  --outbound-rate N           BENCH_OUTBOUND_RATE the channel's messages_per_second in phase 5 (default 80)
  --outbound-attendances N    BENCH_OUTBOUND_ATTENDANCES open attendances they are spread over (default 100)
  --database URL              BENCH_DATABASE_URL  base of the scratch databases (default …/prosa_bench_ingest)
  --out FILE                  BENCH_OUT           JSON results (default bench/results/ingest-<date>.json)
  --keep-databases            BENCH_KEEP_DATABASES=1  do not drop the scratch databases
Smoke run: npm run bench:ingest -- --seconds 5 --rate 50 --phases 1,2`;

function positive(name: string, raw: string | undefined, fallback: number, integer = true): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new Error(`${name}: número positivo esperado, recebido "${raw}"\n\n${USAGE}`);
  }
  return n;
}

function phaseList(raw: string | undefined): Phase[] {
  if (raw === undefined || raw.trim() === '') return ALL_PHASES;
  const phases = raw.split(',').map((p) => Number(p.trim()));
  const bad = phases.filter((p) => !ALL_PHASES.includes(p as Phase));
  if (bad.length) throw new Error(`--phases: fases válidas são 0 a 5, recebido "${raw}"\n\n${USAGE}`);
  return [...new Set(phases as Phase[])].sort();
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): IngestOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      phases: { type: 'string' },
      seconds: { type: 'string' },
      rate: { type: 'string' },
      contacts: { type: 'string' },
      concurrency: { type: 'string' },
      drain: { type: 'string' },
      warmup: { type: 'string' },
      outbound: { type: 'string' },
      'outbound-rate': { type: 'string' },
      'outbound-attendances': { type: 'string' },
      database: { type: 'string' },
      out: { type: 'string' },
      'keep-databases': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const secondsRaw = values.seconds ?? env.BENCH_SECONDS;
  return {
    phases: phaseList(values.phases ?? env.BENCH_PHASES),
    seconds: secondsRaw ? positive('--seconds', secondsRaw, 0, false) : null,
    rate: positive('--rate', values.rate ?? env.BENCH_RATE, 1000, false),
    contacts: positive('--contacts', values.contacts ?? env.BENCH_CONTACTS, 500),
    concurrency: positive('--concurrency', values.concurrency ?? env.BENCH_CONCURRENCY, 64),
    drainSeconds: positive('--drain', values.drain ?? env.BENCH_DRAIN_SECONDS, 30, false),
    warmupSeconds: positive('--warmup', values.warmup ?? env.BENCH_WARMUP_SECONDS, 3, false),
    outbound: positive('--outbound', values.outbound ?? env.BENCH_OUTBOUND, 1000),
    outboundRate: positive('--outbound-rate', values['outbound-rate'] ?? env.BENCH_OUTBOUND_RATE, 80),
    outboundAttendances: positive(
      '--outbound-attendances',
      values['outbound-attendances'] ?? env.BENCH_OUTBOUND_ATTENDANCES,
      100,
    ),
    databaseUrl:
      values.database ?? env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench_ingest',
    out: values.out ?? env.BENCH_OUT ?? null,
    keepDatabases: values['keep-databases'] === true || env.BENCH_KEEP_DATABASES === '1',
  };
}

/** The duration of one phase: --seconds when given, else the figure for it. */
export function phaseSeconds(o: IngestOptions, phase: Phase): number {
  if (o.seconds !== null) return o.seconds;
  return phase <= 1 ? 15 : 30;
}
