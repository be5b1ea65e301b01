import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startWhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import {
  createChannel,
  createDatabase,
  dropDatabase,
  type Node,
  startNode,
  storedMessages,
  waitUntil,
  watchMessages,
} from './cluster';
import { postWebhook, send } from './http';
import { inboundMessage } from './messages';
import { count, latencyOf, round } from './stats';

export type OutboundResult = {
  processes: string[];
  channelRate: number;
  attendances: number;
  posted: number;
  codes: Record<string, number>;
  /** POST → answer of the operator's send (ms). */
  answer: { p50: number | null; max: number | null };
  /** What the Cloud API peer received. */
  peer: {
    arrivals: number;
    distinct: number;
    duplicated: number;
    missing: number;
    /** Arrivals per second between the 10th and the 90th percentile of arrivals (the steady part). */
    steadyRate: number | null;
    /** First to last arrival. */
    overallRate: number | null;
    /** Most arrivals within any 1 s window. */
    maxInOneSecond: number;
    firstToLastSeconds: number | null;
  };
  stored: { rows: number; distinct: number; byDelivery: Record<string, number> };
  countedAfterSeconds: number;
};

/** Arrival rates of ascending timestamps (ms): steady part, overall, and the busiest second. */
export function arrivalRates(times: number[]) {
  const n = times.length;
  const span = (a: number, b: number) => ((times[b] ?? 0) - (times[a] ?? 0)) / 1000;
  const lo = Math.floor(0.1 * (n - 1));
  const hi = Math.ceil(0.9 * (n - 1));
  let maxInOneSecond = 0;
  for (let i = 0, j = 0; i < n; i++) {
    while (j < n && (times[j] ?? 0) - (times[i] ?? 0) < 1000) j++;
    maxInOneSecond = Math.max(maxInOneSecond, j - i);
  }
  return {
    steadyRate: n >= 10 && span(lo, hi) > 0 ? round((hi - lo) / span(lo, hi), 1) : null,
    overallRate: n >= 2 && span(0, n - 1) > 0 ? round((n - 1) / span(0, n - 1), 1) : null,
    maxInOneSecond,
    firstToLastSeconds: n >= 2 ? round(span(0, n - 1), 2) : null,
  };
}

/**
 * Phase 5: two ROLE=api,worker processes, one WhatsApp Enterprise channel limited to `rate` messages/s,
 * `total` operator messages posted at once (alternating between the nodes) over `attendances` open
 * attendances. The Cloud API peer timestamps what it accepts: its rate and each text counted once.
 */
export async function runOutboundPhase(o: {
  databaseUrl: string;
  dataDir: string;
  rate: number;
  total: number;
  attendances: number;
  drainSeconds: number;
  keepDatabase: boolean;
}): Promise<OutboundResult> {
  await createDatabase(o.databaseUrl);
  const peer = await startWhatsAppPeer();
  const nodes: Node[] = [];
  const start = (name: string) =>
    startNode({ databaseUrl: o.databaseUrl, name, role: 'api,worker', dataDir: `${o.dataDir}/p5-${name}` });
  try {
    nodes.push(await start('a'));
    nodes.push(await start('b'));
    const { cookie, webhook } = await createChannel(nodes[0]?.url ?? '', peer, o.rate);
    const log = await watchMessages(nodes[0]?.url ?? '', cookie, 'p5in-');
    const timeoutMs = o.drainSeconds * 1000;

    // One inbound message per contact opens the attendances (and their reply window).
    const opening = Array.from({ length: o.attendances }, (_, i) =>
      inboundMessage(peer, 'p5in-', i, o.attendances),
    );
    await Promise.all(opening.map((m) => postWebhook(webhook, m, timeoutMs)));
    await waitUntil(
      () => opening.every((m) => log.seen.has(m.text)),
      performance.now() + Math.max(timeoutMs, o.attendances * 100),
    );
    log.close();
    const ids = [...new Set([...log.seen.values()].map((s) => s.attendanceId))];
    if (ids.length === 0) throw new Error('nenhum atendimento aberto pelas mensagens de entrada');

    const prefix = 'p5-out-';
    const texts = Array.from({ length: o.total }, (_, i) => `${prefix}${String(i).padStart(6, '0')}`);
    const wanted = new Set(texts);
    const ours = () => peer.arrivals.filter((a) => a.text !== null && wanted.has(a.text));
    const codes: Record<string, number> = {};
    const answers: number[] = [];
    // Sending at the channel's rate takes total/rate seconds; each answer may wait that long (inline sends).
    const sendWindowMs = (o.total / o.rate) * 1000;
    const postedAt = performance.now();
    const posts = texts.map(async (text, i) => {
      const node = nodes[i % nodes.length];
      const id = ids[i % ids.length];
      if (!node || id === undefined) return;
      const t0 = performance.now();
      const a = await send(new URL(`${node.url}/api/attendances/${id}/messages`), {
        headers: { cookie, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ message: text })),
        timeoutMs: sendWindowMs * 2 + timeoutMs,
      });
      count(codes, a.status);
      if (a.status === 200) answers.push(performance.now() - t0);
    });
    await waitUntil(
      () => new Set(ours().map((a) => a.text)).size >= o.total,
      postedAt + sendWindowMs * 2 + timeoutMs,
    );
    await Promise.all(posts);
    const countedAfterSeconds = round((performance.now() - postedAt) / 1000, 1);

    const arrived = ours();
    const distinct = new Set(arrived.map((a) => a.text)).size;
    const times = arrived.map((a) => a.at).sort((a, b) => a - b);
    const stored = await storedMessages(o.databaseUrl, prefix);
    const answer = latencyOf(answers);
    return {
      processes: nodes.map((n) => `ROLE=${n.role}`),
      channelRate: o.rate,
      attendances: ids.length,
      posted: o.total,
      codes,
      answer: { p50: answer.p50, max: answer.max },
      peer: {
        arrivals: arrived.length,
        distinct,
        duplicated: arrived.length - distinct,
        missing: o.total - distinct,
        ...arrivalRates(times),
      },
      stored: { ...stored, byDelivery: await deliveryStates(o.databaseUrl, prefix) },
      countedAfterSeconds,
    };
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await peer.stop();
    if (!o.keepDatabase) await dropDatabase(o.databaseUrl).catch(() => {});
  }
}

async function deliveryStates(databaseUrl: string, prefix: string) {
  const c = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-ingest' });
  await c.connect();
  try {
    const r = await c.query<{ delivery: string; n: number }>(
      'SELECT delivery, count(*)::int AS n FROM messages WHERE starts_with(text, $1) GROUP BY delivery ORDER BY delivery',
      [prefix],
    );
    return Object.fromEntries(r.rows.map((x) => [x.delivery, x.n]));
  } finally {
    await c.end();
  }
}
