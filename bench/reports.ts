/**
 * Reports benchmark of issue 19, on a scratch database created here (127.0.0.1:5432) and dropped at the end
 * unless --keep:
 *   - generates, set-based, --attendances (1,000,000) attendances and --messages (20,000,000) messages over
 *     --days (90) for the demo company (its sectors, statuses and channels, 50 operators of our own), with
 *     assignments, transfers (10 %), SLA breaches (5 %), pauses and sessions;
 *   - recomputes the rollups of the whole span (modules/report-rollups/recompute.ts), timed;
 *   - for the last 30 full days, runs every report of REPORT_RUNNERS (as the route does: reportContext +
 *     runReport, first page) and the dashboards (business, team, operational summary, monitoring) --runs (20)
 *     times each after 2 warm-up runs, and prints p50 / p95; a report that cannot run on this data (its filters
 *     need something the data set has not) is listed with its reason, never skipped silently;
 *   - checks the figures of the reports and dashboards that read the rollups against a raw-SQL recomputation on
 *     attendances / messages / attendance_transfers (opened, closed, messages in / out, first response, TMA, TME,
 *     SLA breaches, per operator closings, messages sent and averages): exits 1 on any mismatch.
 * Reference in the same run: a count(*) over the raw messages of the 30 days.
 * Run: npm run bench:reports -- [--attendances 1000000] [--messages 20000000] [--days 90] [--runs 20] [--keep]
 *   --keep leaves the database; --reuse measures again on a database a --keep run left (no generation, no
 *   recompute; migrated, and report_daily filled from report_hourly when empty). Each run writes bench/results/reports-<time>.json (with the machine's load average).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPORT_KEYS, type TReportKey, type TReportTable, ZReportFilters } from '@prosa/shared/reports';
import { businessDashboard } from '../apps/server/src/modules/dashboards/business-dashboard';
import { monitoringDashboard } from '../apps/server/src/modules/dashboards/monitoring-dashboard';
import { operationalSummary } from '../apps/server/src/modules/dashboards/operational-summary';
import { teamDashboard } from '../apps/server/src/modules/dashboards/team-dashboard';
import {
  rebuildDailyFromHourly,
  recomputeRollups,
} from '../apps/server/src/modules/report-rollups/recompute';
import { reportContext, runReport } from '../apps/server/src/modules/reports/run-report';
import { connectDatabase, runMigrations } from '../apps/server/src/platform/db';
import type { Caller } from '../apps/server/src/platform/deps';
import { seedDemoData } from '../apps/server/src/seed/demo-data';
import { createDatabase, dropDatabase } from './ingest/cluster';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) ? v : fallback;
};
const ATTENDANCES = arg('attendances', 1_000_000);
const MESSAGES = arg('messages', 20_000_000);
const DAYS = arg('days', 90);
const RUNS = arg('runs', 20);
const REUSE = process.argv.includes('--reuse');
const KEEP = REUSE || process.argv.includes('--keep');
const PER = Math.max(1, Math.round(MESSAGES / ATTENDANCES));
const OPERATORS = 50;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench_reports';

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fmt = (n: number) => n.toLocaleString('pt-BR');

type Database = ReturnType<typeof connectDatabase>;

async function generate(database: Database, companyId: number) {
  const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
  const t0 = performance.now();
  const ops = (
    await q(
      `insert into users (company_id, name, display_name, email, password_hash, role)
       select $1, 'Operador Bench ' || lpad(g::text, 2, '0'), 'Operador Bench ' || lpad(g::text, 2, '0'),
         'bench' || g || '@bench.local', 'x', 0
       from generate_series(1, ${OPERATORS}) g returning id`,
      [companyId],
    )
  ).rows.map((r: { id: number }) => r.id);
  const sectors = (await q('select id from sectors where company_id = $1 order by id', [companyId])).rows.map(
    (r: { id: number }) => r.id,
  );
  const statuses = (
    await q('select id from statuses where company_id = $1 and should_close::int = 1 order by id', [
      companyId,
    ])
  ).rows.map((r: { id: number }) => r.id);
  // Three more channels beside the demo's web chat (rows only: no channel runs here).
  await q(
    `insert into channels (company_id, kind, name, default_sector_id, route_key)
     select $1, k, 'Bench ' || k, $2, 'bench-' || k from unnest(array['waweb', 'em', 'sms']) k`,
    [companyId, sectors[0]],
  );
  const channels = (await q('select id, kind from channels where company_id = $1 order by id', [companyId]))
    .rows as { id: number; kind: string }[];
  if (sectors.length === 0 || statuses.length === 0 || channels.length === 0)
    throw new Error('dados de demonstração sem setores, status de finalização ou canais');
  await q(
    `insert into user_sectors (company_id, user_id, sector_id)
     select $1, u, s from unnest($2::int[]) with ordinality as o(u, i), unnest($3::int[]) with ordinality as t(s, j)
     where (i + j) % 2 = 0 or j = 1`,
    [companyId, ops, sectors],
  );
  console.log(
    `dados: ${OPERATORS} operadores, ${sectors.length} setores, ${statuses.length} status de finalização, ${channels.length} canais`,
  );
  const span = DAYS * 86_400 - 4 * 3600;
  const params = [companyId, ops, sectors, statuses, channels.map((c) => c.id), channels.map((c) => c.kind)];
  const chunk = 100_000;
  for (let lo = 1; lo <= ATTENDANCES; lo += chunk) {
    const hi = Math.min(ATTENDANCES, lo + chunk - 1);
    await q(
      `insert into attendances (company_id, card_id, protocol, contact_id, person_id, channel_kind, channel_id, name,
         sector_id, status_id, operator_assigned_id, operator_assigned_name, answered, sla_count, out_of_sla,
         first_start_chat_at, first_operator_answer_at, closed_at, closed_by_user_id, created_at, queued_at,
         last_message_at, updated_at)
       select $1, 'bench_' || g, 'B' || lpad(g::text, 12, '0'), g, g, ($6::text[])[1 + g % cardinality($5::int[])],
         ($5::int[])[1 + g % cardinality($5::int[])], 'Contato ' || g,
         ($3::int[])[1 + g % cardinality($3::int[])],
         case when g % 50 <> 0 then ($4::int[])[1 + (g / 7) % cardinality($4::int[])] end,
         ($2::int[])[1 + (g * 7) % cardinality($2::int[])], 'Operador', g % 19 <> 0, (g % 20 = 0)::int, g % 20 = 0,
         t0, case when g % 19 <> 0 then t0 + (g % 600) * interval '1 second' end,
         case when g % 50 <> 0 then t0 + (600 + g % 3000) * interval '1 second' end,
         case when g % 50 <> 0 then ($2::int[])[1 + (g * 7) % cardinality($2::int[])] end, t0, t0, t0, t0
       from (select g, date_trunc('hour', now()) - interval '${DAYS} days'
               + ((g - 1)::float8 / ${ATTENDANCES} * ${span}) * interval '1 second' as t0
             from generate_series(${lo}, ${hi}) g) x`,
      params,
    );
  }
  console.log(`  atendimentos: ${fmt(ATTENDANCES)} (${s(performance.now() - t0)})`);
  // Every attendance held by its operator 30 s after opening; 10 % came from another sector (a transfer at 60 s).
  await q(
    `insert into attendance_transfers (company_id, attendance_id, at, from_sector_id, to_sector_id, from_operator_id,
       to_operator_id, by_user_id, reason)
     select a.company_id, a.id, a.created_at + interval '30 seconds', o.sector, o.sector, null,
       a.operator_assigned_id, null, 'distribution'
     from attendances a,
       lateral (select case when a.id % 10 = 0 then ($2::int[])[1 + (a.id + 1) % cardinality($2::int[])]
         else a.sector_id end as sector) o
     where a.company_id = $1`,
    [companyId, sectors],
  );
  await q(
    `insert into attendance_transfers (company_id, attendance_id, at, from_sector_id, to_sector_id, from_operator_id,
       to_operator_id, by_user_id, reason)
     select a.company_id, a.id, a.created_at + interval '60 seconds',
       ($2::int[])[1 + (a.id + 1) % cardinality($2::int[])], a.sector_id, a.operator_assigned_id,
       a.operator_assigned_id, a.operator_assigned_id, 'transfer'
     from attendances a where a.company_id = $1 and a.id % 10 = 0`,
    [companyId, sectors],
  );
  console.log(`  transferências (${s(performance.now() - t0)})`);
  const perChunk = Math.max(1, Math.floor(2_000_000 / PER));
  const bounds = (
    await q('select min(id)::int as min, max(id)::int as max from attendances where company_id = $1', [
      companyId,
    ])
  ).rows[0] as { min: number; max: number };
  const { min, max } = bounds;
  for (let lo = min; lo <= max; lo += perChunk) {
    const hi = Math.min(max, lo + perChunk - 1);
    // Alternating contact / operator; the second message of one in 7 is automatic (no operator).
    await q(
      `insert into messages (company_id, attendance_id, message_id, text, sender_type, operator_id, sent_at, delivery)
       select a.company_id, a.id, 'bm' || a.id || '_' || j, 'mensagem ' || j, (j % 2 = 0)::int,
         case when j % 2 = 0 and not (j = 2 and a.id % 7 = 0) then a.operator_assigned_id end,
         a.created_at + j * interval '15 seconds', 'sent'
       from attendances a cross join generate_series(1, ${PER}) j
       where a.company_id = $1 and a.id between ${lo} and ${hi}`,
      [companyId],
    );
    if ((hi - min + 1) % (perChunk * 5) < perChunk || hi === max)
      console.log(`  mensagens: ${fmt((hi - min + 1) * PER)} (${s(performance.now() - t0)})`);
  }
  // Two pauses and one session per operator per day.
  await q(
    `insert into user_pauses (company_id, user_id, started_at, ended_at, ended_by)
     select $1, u, d + interval '10 hours' + k * interval '5 hours' + i * interval '1 minute',
       d + interval '10 hours' + k * interval '5 hours' + i * interval '1 minute' + (900 + i) * interval '1 second', 'user'
     from unnest($2::int[]) with ordinality as o(u, i),
       generate_series(date_trunc('day', now()) - interval '${DAYS} days', date_trunc('day', now()) - interval '1 day',
         interval '1 day') d, generate_series(0, 1) k`,
    [companyId, ops],
  );
  await q(
    `insert into operator_sessions (company_id, user_id, started_at, ended_at)
     select $1, u, d + interval '8 hours', d + interval '17 hours' + i * interval '1 minute'
     from unnest($2::int[]) with ordinality as o(u, i),
       generate_series(date_trunc('day', now()) - interval '${DAYS} days', date_trunc('day', now()) - interval '1 day',
         interval '1 day') d`,
    [companyId, ops],
  );
  for (const t of [
    'attendances',
    'messages',
    'attendance_transfers',
    'user_pauses',
    'operator_sessions',
    'users',
  ])
    await q(`vacuum analyze ${t}`);
  console.log(`dados prontos em ${s(performance.now() - t0)}`);
}

/**
 * The data of the raw-table reports the attendances do not make (helper I): active sends with their messages,
 * campaigns and their recipients, control-word logs, opt-in subscribers, answered polls, and the trigger
 * engine's marker on some operator messages. Each part runs when its table is empty (so also on --reuse).
 */
async function generateActivity(database: Database, companyId: number) {
  const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
  const empty = async (table: string) =>
    (await q(`select not exists (select 1 from ${table} where company_id = $1) as e`, [companyId])).rows[0]
      .e as boolean;
  const t0 = performance.now();
  const ops = (
    await q(`select id from users where company_id = $1 and email like 'bench%@bench.local' order by id`, [
      companyId,
    ])
  ).rows.map((r: { id: number }) => r.id);
  const channels = (await q('select id, kind from channels where company_id = $1 order by id', [companyId]))
    .rows as { id: number; kind: string }[];
  const { min, max } = (
    await q('select min(id)::int as min, max(id)::int as max from attendances where company_id = $1', [
      companyId,
    ])
  ).rows[0] as { min: number; max: number };
  if (ops.length === 0 || max === null) return;
  const n = max - min + 1;
  // Spread over the generated span, like the attendances (scaled from 1,000,000 attendances).
  const scale = ATTENDANCES / 1_000_000;
  const spread = (g: string, total: number) =>
    `date_trunc('hour', now()) - interval '${DAYS} days' + ((${g} - 1)::float8 / ${total} * ${DAYS * 86_400 - 4 * 3600}) * interval '1 second'`;
  const cids = channels.map((c) => c.id);
  const kinds = channels.map((c) => c.kind);
  let made = false;

  if (await empty('active_sends')) {
    const total = Math.round(50_000 * scale);
    // One in three sends without an attendance (spread over the span); the others on an attendance, whose
    // operator message at 30 s becomes the send's message (stored just before it, as create-active does; its
    // created_at set to its sent_at) in one of the delivery states. No message is added: the rollups stay exact.
    await q(
      `insert into active_sends (company_id, user_id, channel_id, attendance_id, phone, created_at)
       select $1, ($2::int[])[1 + g % cardinality($2::int[])], coalesce(a.channel_id, ($3::int[])[1 + g % cardinality($3::int[])]),
         a.id, '55119' || lpad(g::text, 8, '0'), coalesce(a.created_at + interval '31 seconds', ${spread('g', total)})
       from generate_series(1, ${total}) g
         left join attendances a on g % 3 <> 0 and a.company_id = $1
           and a.id = $4::bigint + (g::bigint * 7919) % $5::bigint`,
      [companyId, ops, cids, min, n],
    );
    await q(
      `update messages m set created_at = m.sent_at, delivery = (array['sent', 'delivered', 'read', 'error'])[1 + s.id % 4]
       from active_sends s
       where s.company_id = $1 and s.attendance_id is not null and m.company_id = $1
         and m.message_id = 'bm' || s.attendance_id || '_2'`,
      [companyId],
    );
    made = true;
  }
  if (await empty('campaigns')) {
    const camps = Math.max(1, Math.round(200 * scale));
    const per = 2_500;
    await q(
      `insert into campaigns (company_id, title, status, channel, channel_id, total_contacts, processed_contacts,
         started_at, finished_at, created_by, created_at, updated_at)
       select $1, 'Campanha Bench ' || g, 'finished', ($4::text[])[1 + g % cardinality($3::int[])],
         ($3::int[])[1 + g % cardinality($3::int[])], ${per}, ${per}, t + interval '1 hour', t + interval '3 hours',
         ($2::int[])[1 + g % cardinality($2::int[])], t, t
       from (select g, ${spread('g', camps)} as t from generate_series(1, ${camps}) g) x`,
      [companyId, ops, cids, kinds],
    );
    // Each recipient: 8 % failed, 2 % invalid, the others sent and then 60 % delivered, 30 % read.
    await q(
      `insert into campaign_contacts (company_id, campaign_id, contact_key, name, status, attempts, sent_at,
         delivered_at, read_at)
       select k.company_id, k.id, '5521' || lpad((k.id * ${per} + j)::text, 9, '0'), 'Destinatário ' || j, st, 1,
         case when st in ('sent', 'delivered', 'read') then k.started_at + j * interval '2 seconds' end,
         case when st in ('delivered', 'read') then k.started_at + j * interval '2 seconds' + interval '5 seconds' end,
         case when st = 'read' then k.started_at + j * interval '2 seconds' + interval '60 seconds' end
       from campaigns k cross join generate_series(1, ${per}) j
         cross join lateral (select case when j % 50 < 4 then 'failure' when j % 50 = 4 then 'invalid'
           when j % 10 < 3 then 'read' when j % 10 < 9 then 'delivered' else 'sent' end as st) s
       where k.company_id = $1`,
      [companyId],
    );
    made = true;
  }
  if (await empty('control_word_logs')) {
    const total = Math.round(100_000 * scale);
    await q(
      `insert into control_word_logs (company_id, user_id, attendance_id, kind, words, created_at)
       select $1, ($2::int[])[1 + g % cardinality($2::int[])], $3::bigint + (g::bigint * 104729) % $4::bigint,
         case when g % 10 = 0 then 'name' else 'message' end,
         case when g % 4 = 0 then array['cancelar', 'procon'] else array[(array['cancelar', 'procon', 'advogado',
           'reclamação'])[1 + g % 4]] end,
         ${spread('g', total)}
       from generate_series(1, ${total}) g`,
      [companyId, ops, min, n],
    );
    made = true;
  }
  if (await empty('subscribers')) {
    const total = Math.round(200_000 * scale);
    await q(
      `insert into subscribers (company_id, channel_id, uid, name, subscriber_status, source, created_at, updated_at)
       select $1, ($2::int[])[1 + g % cardinality($2::int[])], '5531' || lpad(g::text, 9, '0'), 'Assinante ' || g,
         case when g % 5 = 0 then 'inactive' else 'active' end,
         case when g % 5 = 0 then 'optout' when g % 7 = 0 then 'manual' when g % 11 = 0 then 'optin' else 'inbound' end,
         ${spread('g', total)}, ${spread('g', total)}
       from generate_series(1, ${total}) g`,
      [companyId, cids],
    );
    made = true;
  }
  if (await empty('poll_requests')) {
    const total = Math.round(150_000 * scale);
    const opts = (labels: string[]) =>
      JSON.stringify(
        Object.fromEntries(labels.map((v, i) => [String(i + 1), { key: String(i + 1), value: v }])),
      );
    const polls = (
      await q(
        `insert into polls (company_id, name, question, possible_answers)
         values ($1, 'Satisfação Bench', 'De 1 a 5, quanto nos recomenda?', $2),
                ($1, 'Resolução Bench', 'Seu problema foi resolvido?', $3),
                ($1, 'Atendimento Bench', 'Como foi o atendimento?', $4) returning id`,
        [companyId, opts(['1', '2', '3', '4', '5']), opts(['Sim', 'Não']), opts(['Bom', 'Regular', 'Ruim'])],
      )
    ).rows.map((r: { id: number }) => r.id);
    // Answered after the attendance closed (the poll of the closing), by the attendance's operator and sector.
    await q(
      `insert into poll_requests (company_id, poll_id, attendance_id, contact_id, channel_id, status_id, operator_id,
         sector_id, state, answer_key, answer_value, asked_at, answered_at)
       select a.company_id, p.poll, a.id, a.contact_id, a.channel_id, a.status_id, a.operator_assigned_id,
         a.sector_id, 'answered', k.key, k.key, a.closed_at, a.closed_at + interval '2 minutes'
       from generate_series(1, ${total}) g
         join attendances a on a.company_id = $1 and a.id = $3::bigint + (g::bigint * 6) % $4::bigint
         cross join lateral (select ($2::int[])[1 + g % 3] as poll) p
         cross join lateral (select (1 + (g / 3) % (case g % 3 when 0 then 5 when 1 then 2 else 3 end))::text as key) k
       where a.closed_at is not null`,
      [companyId, polls, min, n],
    );
    made = true;
  }
  if (
    !(
      await q(
        `select exists (select 1 from messages where company_id = $1 and metadata ? 'trigger'
           and message_id like 'bm%') as e`,
        [companyId],
      )
    ).rows[0].e
  ) {
    // The trigger engine's marker on the second message (the operator's) of one attendance in ten: a first
    // message, an off-hours notice or a text trigger (of the triggers made here, one per channel).
    const texts = (
      await q(
        `insert into triggers (company_id, channel_id, triggerable_type, trigger_type, name, trigger_text)
         select $1, c, k, 'text', 'Gatilho Bench ' || c, 'bench' from unnest($2::int[], $3::text[]) as x(c, k)
         returning id, channel_id`,
        [companyId, cids, kinds],
      )
    ).rows as { id: number; channel_id: number }[];
    await q(
      `update messages m set metadata = m.metadata || case a.id % 3
           when 0 then jsonb_build_object('trigger', 'first_message')
           when 1 then jsonb_build_object('trigger', 'after_working_period')
           else jsonb_build_object('trigger', 'text', 'trigger_id', t.id) end
       from attendances a join unnest($2::int[], $3::int[]) as t(id, channel) on t.channel = a.channel_id
       where a.company_id = $1 and a.id % 10 = 0 and m.company_id = $1 and m.message_id = 'bm' || a.id || '_2'`,
      [companyId, texts.map((t) => t.id), texts.map((t) => t.channel_id)],
    );
    made = true;
  }
  if (!made) return;
  for (const t of [
    'active_sends',
    'campaigns',
    'campaign_contacts',
    'control_word_logs',
    'subscribers',
    'poll_requests',
    'messages',
  ])
    await q(`analyze ${t}`);
  console.log(
    `dados dos relatórios de atividade (ativos, campanhas, palavras de controle, opt-in, enquetes, gatilhos): ${s(performance.now() - t0)}\n`,
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

type Timing = { label: string; p50: number; p95: number; limit: number };

async function time(label: string, limit: number, fn: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const r = { label, p50: percentile(samples, 50), p95: percentile(samples, 95), limit };
  const flag = r.p95 < limit ? 'ok' : `ACIMA de ${limit} ms`;
  console.log(
    `  ${label.padEnd(44)} p50 ${r.p50.toFixed(1).padStart(8)} ms   p95 ${r.p95.toFixed(1).padStart(8)} ms   ${flag}`,
  );
  return r;
}

const mismatches: string[] = [];
function check(what: string, got: unknown, want: unknown) {
  const ok = JSON.stringify(got) === JSON.stringify(want);
  if (!ok) mismatches.push(`${what}: relatório ${JSON.stringify(got)} ≠ SQL bruto ${JSON.stringify(want)}`);
  const shown = JSON.stringify(got) ?? '';
  const cut = ok && shown.length > 160 ? `${shown.slice(0, 160)}…` : shown;
  console.log(
    `  ${ok ? 'igual' : 'DIFERENTE'}  ${what}: ${cut}${ok ? '' : ` (bruto ${JSON.stringify(want)})`}`,
  );
}

const avg = (sum: number, count: number) => (count > 0 ? Math.round(sum / count) : null);

/** The figures recomputed from the raw tables, independently of the rollups' code. */
async function rawFigures(database: Database, companyId: number, from: Date, to: Date) {
  const p = [companyId, from.toISOString(), to.toISOString()];
  const q = async <T>(text: string) => (await database.pool.query(text, p)).rows as T[];
  const secs = (a: string, b: string) => `greatest(0, floor(extract(epoch from (${a} - ${b}))))`;
  const firstHeld = `(select min(t.at) from attendance_transfers t where t.company_id = a.company_id
    and t.attendance_id = a.id and t.to_operator_id is not null)`;
  const [opened] = await q<{ n: number }>(
    'select count(*)::int as n from attendances where company_id = $1 and created_at >= $2 and created_at < $3',
  );
  const closedBy = await q<Record<string, number | null>>(
    `select coalesce(a.operator_assigned_id, 0) as op, count(*)::float8 as closed,
       coalesce(sum(${secs('a.first_operator_answer_at', 'a.first_start_chat_at')}), 0)::float8 as frs,
       count(a.first_operator_answer_at)::float8 as frc,
       coalesce(sum(${secs('a.closed_at', 'a.first_start_chat_at')}), 0)::float8 as hs,
       coalesce(sum(${secs(firstHeld, 'a.first_start_chat_at')}), 0)::float8 as ws,
       count(${firstHeld})::float8 as wc, count(*) filter (where a.sla_count > 0)::float8 as sla
     from attendances a where a.company_id = $1 and a.closed_at >= $2 and a.closed_at < $3 group by 1`,
  );
  const msgs = await q<{ op: number; mi: number; mo: number }>(
    `select case when sender_type = 0 then 0 else coalesce(operator_id, 0) end as op,
       count(*) filter (where sender_type = 0)::float8 as mi, count(*) filter (where sender_type <> 0)::float8 as mo
     from messages where company_id = $1 and sent_at >= $2 and sent_at < $3 group by 1`,
  );
  const sum = (list: Record<string, number | null>[], k: string) =>
    list.reduce((a, r) => a + Number(r[k] ?? 0), 0);
  return { opened: opened?.n ?? 0, closedBy, msgs, sum };
}

/**
 * The totals of the raw-table reports (helper I) recomputed here from their tables, written independently of
 * the runners: attendance flow, triggers, active, campaigns, control words, opt-in, polls.
 */
async function checkActivity(
  database: Database,
  companyId: number,
  from: Date,
  to: Date,
  channelId: number,
  tables: Map<TReportKey, TReportTable>,
) {
  const p = [companyId, from.toISOString(), to.toISOString()];
  const one = async (text: string, params: unknown[] = p) =>
    (await database.pool.query(text, params)).rows[0] as Record<string, number>;
  const flows = await one(
    'select count(*)::int as n from attendances where company_id = $1 and created_at >= $2 and created_at < $3',
  );
  check('fluxo de atendimento: atendimentos abertos', tables.get('attendance-flow')?.total, flows.n);
  const trig = await one(
    `select count(*)::int as fired, count(distinct m.attendance_id)::int as attendances
     from (select distinct m.attendance_id, m.sent_at, m.metadata->>'trigger' as kind, m.metadata->>'trigger_id' as tid
           from messages m join attendances a on a.company_id = m.company_id and a.id = m.attendance_id
           where m.company_id = $1 and m.sent_at >= $2 and m.sent_at < $3 and m.sender_type = 1
             and m.metadata ? 'trigger' and a.channel_id = $4) m`,
    [...p, channelId],
  );
  const tt = tables.get('triggers')?.totals;
  check(
    'gatilhos (1º canal): disparos, atendimentos',
    [tt?.fired, tt?.attendances],
    [trig.fired, trig.attendances],
  );
  const act = await one(
    `select count(*)::int as total,
       count(*) filter (where coalesce(m.delivery, 'sent') = 'sent')::int as sent,
       count(*) filter (where m.delivery = 'delivered')::int as delivered,
       count(*) filter (where m.delivery = 'read')::int as read,
       count(*) filter (where m.delivery = 'error')::int as error
     from active_sends s left join messages m on m.company_id = s.company_id
       and m.message_id = 'bm' || s.attendance_id || '_2'
     where s.company_id = $1 and s.created_at >= $2 and s.created_at < $3`,
  );
  const states = new Map((tables.get('active')?.tables?.[0]?.rows ?? []).map((r) => [r.state, r.count]));
  check(
    'ativos: envios, enviados, entregues, lidos, erros',
    [
      tables.get('active')?.total,
      states.get('Enviado'),
      states.get('Entregue'),
      states.get('Lido'),
      states.get('Erro'),
    ],
    [act.total, act.sent, act.delivered, act.read, act.error],
  );
  const camp = await one(
    `select coalesce(sum(x.contacts), 0)::int as contacts, coalesce(sum(x.sent), 0)::int as sent,
       coalesce(sum(x.delivered), 0)::int as delivered, coalesce(sum(x.read), 0)::int as read,
       coalesce(sum(x.failed), 0)::int as failed
     from (select k.id, count(s.id) as contacts,
             count(s.id) filter (where s.sent_at is not null) as sent,
             count(s.id) filter (where s.delivered_at is not null) as delivered,
             count(s.id) filter (where s.read_at is not null) as read,
             count(s.id) filter (where s.status in ('failure', 'invalid')) as failed,
             bool_or(s.sent_at >= $2 and s.sent_at < $3) as sent_in
           from campaigns k left join campaign_contacts s on s.company_id = k.company_id and s.campaign_id = k.id
           where k.company_id = $1 and k.deleted_at is null group by k.id, k.created_at, k.started_at
           having (k.created_at >= $2 and k.created_at < $3) or (k.started_at >= $2 and k.started_at < $3)
             or bool_or(s.sent_at >= $2 and s.sent_at < $3)) x`,
  );
  const ct = tables.get('campaigns')?.totals;
  check(
    'campanhas: contatos, enviados, entregues, lidos, falhas',
    [ct?.contacts, ct?.sent, ct?.delivered, ct?.read, ct?.failed],
    [camp.contacts, camp.sent, camp.delivered, camp.read, camp.failed],
  );
  const words = await one(
    `select coalesce(sum(cardinality(words)), 0)::int as n from control_word_logs
     where company_id = $1 and created_at >= $2 and created_at < $3`,
  );
  check('palavras de controle: ocorrências', tables.get('control-words')?.total, words.n);
  const opt = await one(
    `select count(*) filter (where subscriber_status = 'active')::int as optin,
       count(*) filter (where subscriber_status = 'inactive')::int as optout
     from subscribers where company_id = $1 and updated_at >= $2 and updated_at < $3`,
  );
  const ot = tables.get('optin')?.totals;
  check('opt-in: entradas, saídas', [ot?.optin, ot?.optout], [opt.optin, opt.optout]);
  const polls = await one(
    `select count(*)::int as n from poll_requests where company_id = $1 and state = 'answered'
       and asked_at >= $2 and asked_at < $3`,
  );
  check('enquetes: respostas', tables.get('polls')?.totals?.answers, polls.n);
}

async function main() {
  console.log(
    `Benchmark de relatórios — ${fmt(ATTENDANCES)} atendimentos, ${fmt(ATTENDANCES * PER)} mensagens em ${DAYS} dias, ${RUNS} execuções\n`,
  );
  if (!REUSE) await createDatabase(DATABASE_URL);
  const database = connectDatabase(DATABASE_URL, 6);
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    attendances: ATTENDANCES,
    messages: ATTENDANCES * PER,
    days: DAYS,
    runs: RUNS,
    reuse: REUSE,
  };
  try {
    await runMigrations(database);
    if (!REUSE) await seedDemoData(database.db);
    const [company] = (
      await database.pool.query(`select id, timezone from companies where name = 'Empresa Demo'`)
    ).rows as { id: number; timezone: string }[];
    if (!company) throw new Error('empresa de demonstração ausente');
    const companyId = company.id;
    // The switches the session-control and control-words reports need.
    await database.pool.query(
      `update companies set metadata = jsonb_set(jsonb_set(metadata, '{control_pause}',
         coalesce(metadata->'control_pause', '{}') || '{"is_active": true}'), '{allow}',
         coalesce(metadata->'allow', '{}') || '{"controlwords": true}') where id = $1`,
      [companyId],
    );
    const now = new Date();
    if (!REUSE) {
      const gt = performance.now();
      await generate(database, companyId);
      result.generateSeconds = Math.round((performance.now() - gt) / 1000);
      const rt = performance.now();
      const rec = await recomputeRollups(database.db, {
        companyId,
        from: new Date(now.getTime() - (DAYS + 1) * 86_400_000),
        to: new Date(now.getTime() + 3_600_000),
      });
      const recomputeMs = performance.now() - rt;
      // As autovacuum would after such a load: the reports' plans need the rollups' statistics.
      await database.pool.query('analyze report_hourly');
      await database.pool.query('analyze report_daily');
      // The operational summary reads attendance_flows index-only: the visibility map a vacuum sets.
      await database.pool.query('vacuum analyze attendance_flows');
      result.recompute = {
        seconds: Math.round(recomputeMs / 100) / 10,
        rows: rec.rows,
        flows: rec.flows,
      };
      console.log(
        `recompute de ${DAYS} dias: ${s(recomputeMs)} (${fmt(rec.rows)} linhas de report_hourly, ${fmt(rec.flows)} registros de fluxo)\n`,
      );
    } else {
      console.log('--reuse: dados e rollups do banco existente');
      // A database kept before report_daily existed: the migrations above created it empty; fill it from
      // report_hourly (what the recompute would write) and refresh the statistics.
      const daily = await database.pool.query(
        'select exists (select 1 from report_daily where company_id = $1) as has',
        [companyId],
      );
      if (!daily.rows[0]?.has) {
        const dt = performance.now();
        const n = await rebuildDailyFromHourly(database.db, companyId);
        await database.pool.query('analyze report_daily');
        result.dailyFill = { rows: n, seconds: Math.round((performance.now() - dt) / 100) / 10 };
        console.log(
          `  report_daily preenchida a partir de report_hourly: ${fmt(n)} linhas em ${s(performance.now() - dt)}`,
        );
      }
      // As autovacuum would: the operational summary reads attendance_flows index-only (visibility map).
      await database.pool.query('vacuum analyze attendance_flows');
      console.log('');
    }

    // The raw-table reports' data (active, campaigns, control words, opt-in, polls, triggers), when missing.
    await generateActivity(database, companyId);

    const [admin] = (
      await database.pool.query(`select id, role from users where email = 'admin@empresademo.com.br'`)
    ).rows as { id: number; role: number }[];
    if (!admin) throw new Error('administrador de demonstração ausente');
    const caller: Caller = {
      sessionId: '',
      userId: admin.id,
      companyId,
      role: admin.role,
      displayName: 'Bench',
    };
    const deps = { db: database.db };
    const dayIso = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: company.timezone });
    const toDate = dayIso(new Date(now.getTime() - 86_400_000));
    const fromDate = dayIso(new Date(now.getTime() - 30 * 86_400_000));
    console.log(`período: ${fromDate} a ${toDate} (30 dias, fuso ${company.timezone})`);

    const ref = performance.now();
    const refCtx = await reportContext(
      deps,
      caller,
      'every-hour',
      ZReportFilters.parse({ fromDate, toDate }),
      'json',
    );
    const counted = await database.pool.query(
      'select count(*)::int as n from messages where company_id = $1 and sent_at >= $2 and sent_at < $3',
      [companyId, refCtx.from.toISOString(), refCtx.to.toISOString()],
    );
    result.reference = { rawMessagesCount: counted.rows[0].n, ms: Math.round(performance.now() - ref) };
    console.log(
      `referência: count(*) das mensagens brutas do período (${fmt(counted.rows[0].n)}) em ${(performance.now() - ref).toFixed(0)} ms\n`,
    );

    console.log(
      `relatórios (rota: reportContext + runReport, 1ª página), ${RUNS} execuções após 2 de aquecimento:`,
    );
    const firstChannel = Number(
      (await database.pool.query('select min(id) as id from channels where company_id = $1', [companyId]))
        .rows[0]?.id,
    );
    const timings: Timing[] = [];
    const notRun: string[] = [];
    const tables = new Map<TReportKey, TReportTable>();
    for (const key of REPORT_KEYS) {
      let ctx: Awaited<ReturnType<typeof reportContext>>;
      try {
        // The trigger report needs a channel, the flow report its recipients.
        const extra =
          key === 'triggers'
            ? { channel_id: firstChannel }
            : key === 'flows'
              ? { emails: 'bench@bench.local' }
              : {};
        ctx = await reportContext(
          deps,
          caller,
          key,
          ZReportFilters.parse({ fromDate, toDate, ...extra }),
          'json',
        );
      } catch (err) {
        notRun.push(`${key}: ${(err as Error).message}`);
        continue;
      }
      try {
        timings.push(await time(key, 1000, async () => tables.set(key, await runReport(key, ctx, null))));
      } catch (err) {
        notRun.push(`${key}: falhou — ${(err as Error).message}`);
      }
    }
    console.log('\npainéis, mesmas execuções:');
    const input = { fromDate, toDate };
    let business: Awaited<ReturnType<typeof businessDashboard>> | null = null;
    let team: Awaited<ReturnType<typeof teamDashboard>> | null = null;
    timings.push(
      await time(
        'painel negócio',
        300,
        async () => (business = await businessDashboard(deps, caller, input)),
      ),
    );
    timings.push(
      await time('painel equipe', 300, async () => (team = await teamDashboard(deps, caller, input))),
    );
    let summary: Awaited<ReturnType<typeof operationalSummary>> | null = null;
    timings.push(
      await time(
        'resumo operacional',
        300,
        async () => (summary = await operationalSummary(deps, caller, input)),
      ),
    );
    timings.push(await time('monitoramento (hoje)', 300, () => monitoringDashboard(deps, caller)));
    if (notRun.length) console.log(`\nnão medidos (com o motivo):\n  ${notRun.join('\n  ')}`);

    console.log('\nconferência com o SQL bruto (attendances, messages, attendance_transfers):');
    const raw = await rawFigures(database, companyId, refCtx.from, refCtx.to);
    const closed = raw.sum(raw.closedBy, 'closed');
    const mi = raw.sum(raw.msgs, 'mi');
    const mo = raw.sum(raw.msgs, 'mo');
    const hour = tables.get('every-hour')?.totals;
    check(
      'por hora: abertos, encerrados, recebidas, enviadas',
      [hour?.opened, hour?.closed, hour?.messages_in, hour?.messages_out],
      [raw.opened, closed, mi, mo],
    );
    const cons = tables.get('message-consumption')?.totals;
    check('consumo de mensagens: recebidas, enviadas', [cons?.messages_in, cons?.messages_out], [mi, mo]);
    const b = business as Awaited<ReturnType<typeof businessDashboard>> | null;
    check(
      'painel negócio: abertos, encerrados, 1ª resposta, TMA, TME, SLA, recebidas, enviadas',
      b
        ? [
            b.cards.opened,
            b.cards.closed,
            b.cards.firstResponse,
            b.cards.tma,
            b.cards.tme,
            b.cards.slaBreaches,
            b.cards.messagesIn,
            b.cards.messagesOut,
          ]
        : null,
      [
        raw.opened,
        closed,
        avg(raw.sum(raw.closedBy, 'frs'), raw.sum(raw.closedBy, 'frc')),
        avg(raw.sum(raw.closedBy, 'hs'), closed),
        avg(raw.sum(raw.closedBy, 'ws'), raw.sum(raw.closedBy, 'wc')),
        raw.sum(raw.closedBy, 'sla'),
        mi,
        mo,
      ],
    );
    const names = new Map(
      (await database.pool.query('select id, name from users where company_id = $1', [companyId])).rows.map(
        (r: { id: number; name: string }) => [r.id, r.name],
      ),
    );
    const sentBy = new Map(raw.msgs.map((m) => [Number(m.op), Number(m.mo)]));
    const wantOps = raw.closedBy
      .filter((r) => Number(r.op) !== 0)
      .map((r) => ({
        operator: names.get(Number(r.op)) ?? '',
        closed: Number(r.closed),
        messages_out: sentBy.get(Number(r.op)) ?? 0,
        first_response: avg(Number(r.frs), Number(r.frc)),
        tma: avg(Number(r.hs), Number(r.closed)),
        tme: avg(Number(r.ws), Number(r.wc)),
      }))
      .sort((x, y) => x.operator.localeCompare(y.operator, 'pt-BR'));
    const prod = (tables.get('productivity')?.rows ?? [])
      .map((r) => ({
        operator: r.operator,
        closed: r.closed,
        messages_out: r.messages_out,
        first_response: r.first_response,
        tma: r.tma,
        tme: r.tme,
      }))
      .filter((r) => wantOps.some((w) => w.operator === r.operator) || Number(r.closed) > 0);
    check(
      `produtividade por operador (${wantOps.length}): encerrados, enviadas, 1ª resposta, TMA, TME`,
      prod,
      wantOps,
    );
    const t = team as Awaited<ReturnType<typeof teamDashboard>> | null;
    const teamGot = (t?.rows ?? [])
      .filter((r) => r.closed > 0)
      .map((r) => [r.user_id, r.closed])
      .sort((x, y) => Number(x[0]) - Number(y[0]));
    const teamWant = raw.closedBy
      .filter((r) => Number(r.op) !== 0)
      .map((r) => [Number(r.op), Number(r.closed)])
      .sort((x, y) => Number(x[0]) - Number(y[0]));
    check('painel equipe: encerrados por operador', teamGot, teamWant);
    await checkActivity(database, companyId, refCtx.from, refCtx.to, firstChannel, tables);
    const sm = summary as Awaited<ReturnType<typeof operationalSummary>> | null;
    const summaryGot = (sm?.rows ?? [])
      .filter((r) => r.finalized > 0)
      .map((r) => [r.user_id, r.finalized, r.tma, r.tme])
      .sort((x, y) => Number(x[0]) - Number(y[0]));
    const summaryWant = raw.closedBy
      .filter((r) => Number(r.op) !== 0)
      .map((r) => [
        Number(r.op),
        Number(r.closed),
        avg(Number(r.hs), Number(r.closed)),
        avg(Number(r.ws), Number(r.wc)),
      ])
      .sort((x, y) => Number(x[0]) - Number(y[0]));
    check('resumo operacional: encerrados, TMA, TME por usuário', summaryGot, summaryWant);
    const comp = tables.get('complete')?.totals;
    check(
      'completo (report_daily): abertos, encerrados, 1ª resposta, TMA, TME, SLA, recebidas, enviadas',
      comp
        ? [
            comp.opened,
            comp.closed,
            comp.first_response,
            comp.tma,
            comp.tme,
            comp.sla_breaches,
            comp.messages_in,
            comp.messages_out,
          ]
        : null,
      [
        raw.opened,
        closed,
        avg(raw.sum(raw.closedBy, 'frs'), raw.sum(raw.closedBy, 'frc')),
        avg(raw.sum(raw.closedBy, 'hs'), closed),
        avg(raw.sum(raw.closedBy, 'ws'), raw.sum(raw.closedBy, 'wc')),
        raw.sum(raw.closedBy, 'sla'),
        mi,
        mo,
      ],
    );
    // report_daily is report_hourly summed per local day: every measure of the whole data set, both ways.
    const measures = [
      'opened',
      'closed',
      'handling_sum',
      'waiting_sum',
      'messages_in',
      'messages_out',
      'transfers',
      'pause_seconds',
      'session_seconds',
    ];
    const sums = measures.map((m) => `sum(${m})::float8 as ${m}`).join(', ');
    const [hourlySums, dailySums] = await Promise.all(
      ['report_hourly', 'report_daily'].map(
        async (t) =>
          (await database.pool.query(`select ${sums} from ${t} where company_id = $1`, [companyId])).rows[0],
      ),
    );
    check('report_daily = report_hourly (somas de todo o período gerado)', dailySums, hourlySums);

    const slow = timings.filter((x) => x.p95 >= x.limit);
    console.log(
      `\n${timings.length} medidos; ${slow.length ? `acima do limite: ${slow.map((x) => x.label).join(', ')}` : 'todos abaixo do limite (relatórios < 1 s, painéis < 300 ms, p95)'}`,
    );
    result.timings = timings;
    result.notRun = notRun;
    result.mismatches = mismatches;
    result.loadAverage = loadavg();
    const file = resolve(
      import.meta.dirname,
      'results',
      `reports-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`,
    );
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `resultado em ${file} (carga da máquina: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')})`,
    );
    if (mismatches.length) {
      console.error(`\n${mismatches.length} divergência(s):\n  ${mismatches.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('figuras iguais ao SQL bruto');
  } finally {
    await database.pool.end();
    if (!KEEP) await dropDatabase(DATABASE_URL);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
