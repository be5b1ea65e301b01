/**
 * WhatsApp Enterprise inbound webhooks against a real server process (apps/server/src/main.ts spawned as
 * production runs it, on its own fresh database): accepted webhooks per second (signature check + commit:
 * the 200 is answered after the event row commits), and webhook → operator socket latency at a fixed
 * offered rate (open loop) of 50, 200 and 1,000 messages/s.
 * Run: npm run bench:waent   (BENCH_DATABASE_URL, default …/prosa_bench_waent; recreated each run)
 */
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { connectSocket } from '../apps/server/test/helpers/socket-client';
import { spawnServer } from '../apps/server/test/helpers/spawn-server';
import { startWhatsAppPeer } from '../apps/server/test/peers/whatsapp-cloud-peer';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench_waent';
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const RATES = (process.env.BENCH_RATES ?? '50,200,1000').split(',').map(Number);
const CONTACTS = 200; // rotating senders per phase: new cards at first, then messages on open cards
const LOST_AFTER_MS = 10_000;
// How long the backlog a phase leaves may drain before the next starts (keeps the run near 2 minutes).
const DRAIN_MS = Number(process.env.BENCH_DRAIN_SECONDS ?? 15) * 1000;
const APP_SECRET = 'bench-meta-app-secret-0123456789';
const OPERATOR = 'ana.operadora@empresademo.com.br';
const MANAGER = 'gestor@empresademo.com.br';
const PASSWORD = 'Prosa@2026';

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

async function login(base: string, email: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('prosa_session='));
  if (r.status !== 200 || !cookie) throw new Error(`login de ${email} falhou: ${r.status} ${await r.text()}`);
  return cookie.split(';')[0] ?? '';
}

async function getJson(base: string, path: string, cookie: string, body?: unknown) {
  const r = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await r.json()) as unknown;
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One signed webhook POST; resolves with the status (0 on a network error). */
function post(target: URL, raw: Buffer): Promise<number> {
  const sig = createHmac('sha256', APP_SECRET).update(raw).digest('hex');
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': raw.length,
          'x-hub-signature-256': `sha256=${sig}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(raw);
  });
}

const pct = (sorted: number[], x: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((x / 100) * sorted.length))] ?? Number.NaN;
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');

async function main() {
  await ensureDatabase();
  const peer = await startWhatsAppPeer();
  const server = await spawnServer({
    DATABASE_URL: URL_,
    APP_SECRET: 'bench-app-secret-0123456789abcdef0123456789',
    SEED_DEMO: 'true',
    DATA_DIR: '.data/bench-waent',
  });
  const base = server.url;
  const watcher = new pg.Client({ connectionString: URL_, application_name: 'bench' });
  await watcher.connect();
  try {
    const manager = await login(base, MANAGER);
    const sectors = (await getJson(base, '/api/sectors', manager)) as { id: number; name: string }[];
    const comercial = sectors.find((s) => s.name === 'Comercial');
    if (!comercial) throw new Error('setor Comercial ausente');
    const channel = (await getJson(base, '/api/channels/waent', manager, {
      name: 'Bench WhatsApp',
      default_sector_id: comercial.id,
      broker: 'meta',
      phone_number: '+55 11 99999-0000',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'bench-verify',
      api_base_url: peer.url,
      messages_per_second: 80,
    })) as { id: number };
    const target = new URL(`${base}/api/webhooks/waent/${channel.id}`);

    // Ana works in Comercial; the demo company's triage shows operators their sector's unassigned cards,
    // so every inbound card of this channel (and each of its messages) is pushed to her socket.
    const ana = await login(base, OPERATOR);
    const t = (await getJson(base, '/api/users/get-socket-token', ana)) as {
      token: string;
      companyId: number;
    };
    const socket = await connectSocket(base, { token: t.token, company_id: t.companyId });
    const arrivals = new Map<string, number>();
    socket.on('message:created', (p) => {
      arrivals.set(p.message.text, performance.now());
    });

    const phaseDigit: Record<string, number> = { warm: 0, tp: 1 };
    const payloadFor = (phase: string, i: number) => {
      phaseDigit[phase] ??= Object.keys(phaseDigit).length;
      const waId = `5511${phaseDigit[phase]}${String(i % CONTACTS).padStart(7, '0')}`;
      const text = `${phase}-${i}`;
      const raw = Buffer.from(
        JSON.stringify(
          peer.messagesPayload({ waId, name: `Cliente ${i % CONTACTS}` }, [peer.text(waId, text)]),
        ),
      );
      return { text, raw };
    };

    const count = async (where: string, args: unknown[] = []) =>
      Number(
        (await watcher.query(`SELECT count(*) AS n FROM waent_webhook_events WHERE ${where}`, args)).rows[0]
          .n,
      );
    const bodyOf = `payload->'entry'->0->'changes'->0->'value'->'messages'->0->'text'->>'body'`;
    /** Events of a phase: processed, processed with an error, not yet processed. */
    const phaseEvents = async (phase: string) => ({
      processed: await count(`processed_at IS NOT NULL AND error IS NULL AND ${bodyOf} LIKE $1`, [
        `${phase}-%`,
      ]),
      failed: await count(`error IS NOT NULL AND ${bodyOf} LIKE $1`, [`${phase}-%`]),
      pending: await count(`processed_at IS NULL AND ${bodyOf} LIKE $1`, [`${phase}-%`]),
    });
    const arrivedOf = (texts: string[]) => texts.filter((x) => arrivals.has(x)).length;
    const drain = async (texts: string[], limitMs: number) => {
      const end = performance.now() + limitMs;
      while (performance.now() < end) {
        if (texts.every((x) => arrivals.has(x))) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    };
    /**
     * Between phases the harness discards the backlog a saturated phase left (marks its events processed, so
     * the server's queued runs skip them), then sends a probe and waits for it on the socket: runs are
     * processed in arrival order, so once the probe is shown the server's queue is empty and the next phase
     * starts clean.
     */
    let probes = 0;
    const discardBacklog = async () => {
      const r = await watcher.query(
        `UPDATE waent_webhook_events SET processed_at = now(), error = 'descartado pelo benchmark' WHERE processed_at IS NULL`,
      );
      const probe = payloadFor('probe', probes++);
      await post(target, probe.raw);
      if (!(await drain([probe.text], 120_000))) throw new Error('a fila do servidor não esvaziou');
      return r.rowCount ?? 0;
    };
    /** Messages whose event was processed without error but never reached the socket (1 s of grace). */
    const neverShown = async (phase: string) => {
      const rows = await watcher.query(
        `SELECT ${bodyOf} AS body FROM waent_webhook_events WHERE processed_at IS NOT NULL AND error IS NULL AND ${bodyOf} LIKE $1`,
        [`${phase}-%`],
      );
      await new Promise((res) => setTimeout(res, 1000));
      return rows.rows
        .filter((x: { body: string }) => !arrivals.has(x.body))
        .map((x: { body: string }) => x.body);
    };
    const fmtCodes = (codes: Map<number, number>) => {
      const bad = [...codes].filter(([s]) => s !== 200);
      return bad.length ? bad.map(([s, n]) => `${n}×${s || 'rede'}`).join(', ') : '0';
    };

    // Warm-up: a few messages so JIT, pools and the first cards are in place.
    const warm = Array.from({ length: 50 }, (_, i) => payloadFor('warm', i));
    await Promise.all(warm.map((w) => post(target, w.raw)));
    await drain(
      warm.map((w) => w.text),
      15_000,
    );

    // 1. Latency at a fixed offered rate (open loop: sends follow the clock, never wait for answers).
    const latencyRows: string[] = [];
    const notes: string[] = [];
    for (const rate of RATES) {
      const phase = `r${rate}`;
      const total = Math.round(rate * RATE_SECONDS);
      const msgs = Array.from({ length: total }, (_, k) => payloadFor(phase, k));
      const sentAt = new Map<string, number>();
      const codes = new Map<number, number>();
      const answers: Promise<void>[] = [];
      const start = performance.now();
      let next = 0;
      await new Promise<void>((done) => {
        const tick = () => {
          const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
          while (next < due) {
            const m = msgs[next++];
            if (!m) break;
            sentAt.set(m.text, performance.now());
            answers.push(
              post(target, m.raw).then((s) => {
                codes.set(s, (codes.get(s) ?? 0) + 1);
              }),
            );
          }
          if (next >= total) done();
          else setTimeout(tick, 2);
        };
        tick();
      });
      const sendSeconds = (performance.now() - start) / 1000;
      await Promise.all(answers);
      const answeredSeconds = (performance.now() - start) / 1000;
      // The last message gets its full 10 s too.
      await drain([...sentAt.keys()], LOST_AFTER_MS);
      const lat: number[] = [];
      let late = 0;
      for (const [text, t0] of sentAt) {
        const t1 = arrivals.get(text);
        if (t1 === undefined || t1 - t0 > LOST_AFTER_MS) late++;
        else lat.push(t1 - t0);
      }
      lat.sort((a, b) => a - b);
      const texts = [...sentAt.keys()];
      const ev = await phaseEvents(phase);
      const missing = await neverShown(phase);
      const arrived = arrivedOf(texts);
      latencyRows.push(
        `| ${rate.toLocaleString('en-US')}/s offered: ${(total / sendSeconds).toFixed(0)}/s sent, ${(total / answeredSeconds).toFixed(0)}/s answered | ${ms(pct(lat, 50))} | ${ms(pct(lat, 95))} | ${ms(pct(lat, 99))} | ${ms(lat.at(-1) ?? Number.NaN)} | ${late} of ${total} | ${fmtCodes(codes)} |`,
      );
      notes.push(
        `${rate}/s: ${arrived} of ${total} on the socket ${((performance.now() - start) / 1000).toFixed(0)} s after the start; events processed ${ev.processed}, failed ${ev.failed}, still queued ${ev.pending}; processed but never on the socket: ${missing.length}${missing.length ? ` (${missing.slice(0, 5).join(', ')})` : ''}`,
      );
      const discarded = await discardBacklog();
      if (discarded) notes.push(`${rate}/s: ${discarded} queued events discarded before the next phase`);
    }

    // 2. Throughput: closed loop, CONCURRENCY requests in flight, as fast as the server answers.
    const statuses = new Map<number, number>();
    const tpTexts: string[] = [];
    const tpStart = performance.now();
    const tpEnd = tpStart + THROUGHPUT_SECONDS * 1000;
    let tpLastAnswer = tpStart;
    let i = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < tpEnd) {
          const m = payloadFor('tp', i++);
          const s = await post(target, m.raw);
          tpLastAnswer = performance.now();
          statuses.set(s, (statuses.get(s) ?? 0) + 1);
          if (s === 200) tpTexts.push(m.text);
        }
      }),
    );
    const tpSeconds = (tpLastAnswer - tpStart) / 1000;
    const accepted = statuses.get(200) ?? 0;
    const deliveredDuring = arrivedOf(tpTexts);
    await drain(tpTexts, DRAIN_MS);
    const drainSeconds = (performance.now() - tpStart) / 1000;
    const tpDelivered = arrivedOf(tpTexts);
    const tpEv = await phaseEvents('tp');
    const tpMissing = await neverShown('tp');

    console.log(`\nWebhooks WhatsApp — real server process, ${CONCURRENCY} in flight\n`);
    console.log('| throughput | figure |');
    console.log('| --- | --- |');
    console.log(
      `| accepted (200) per second, signature check + commit | ${Math.round(accepted / tpSeconds).toLocaleString('en-US')}/s (${accepted} in ${tpSeconds.toFixed(1)} s) |`,
    );
    console.log(`| HTTP errors | ${fmtCodes(statuses)} |`);
    console.log(
      `| processed and on the operator's socket | ${deliveredDuring} during the ${THROUGHPUT_SECONDS} s, ${tpDelivered} of ${accepted} after ${drainSeconds.toFixed(0)} s (${(tpDelivered / drainSeconds).toFixed(0)}/s) |`,
    );
    console.log(
      `| events after that | processed ${tpEv.processed}, failed ${tpEv.failed}, queued ${tpEv.pending}; processed but never on the socket: ${tpMissing.length}${tpMissing.length ? ` (${tpMissing.slice(0, 5).join(', ')})` : ''} |`,
    );
    console.log('\n| offered rate | p50 | p95 | p99 | max | not on the socket within 10 s | HTTP errors |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const r of latencyRows) console.log(r);
    console.log('');
    for (const n of notes) console.log(n);
    socket.close();
  } finally {
    agent.destroy();
    await watcher.end();
    await server.stop();
    await peer.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
