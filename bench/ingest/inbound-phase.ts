import { performance } from 'node:perf_hooks';
import { startWhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import {
  createChannel,
  createDatabase,
  dropDatabase,
  killNode,
  type Node,
  settleSocket,
  startNode,
  storedMessages,
  waitUntil,
  watchMessages,
} from './cluster';
import { inboundMessage } from './messages';
import { offerOpenLoop } from './open-loop';
import { type Latency, latencyOf, round } from './stats';

export type InboundResult = {
  phase: 2 | 3 | 4;
  processes: string[];
  seconds: number;
  offeredRate: number;
  contacts: number;
  offered: number;
  sentPerSecond: number;
  codes: Record<string, number>;
  answer: { p50: number | null; p99: number | null };
  /** POST sent (its scheduled time) → the manager's socket `message:created`; a missing one is "lost". */
  latency: Latency;
  /** The same by the second each message was due: a stall shows as a second that stands out. */
  perSecond: { second: number; p50: number | null; p99: number | null; max: number | null }[];
  stored: { rows: number; distinct: number; duplicated: number; missing: number };
  socket: { events: number; distinct: number; duplicated: number; missing: number };
  /** Counted this many seconds after the last send (all arrived, or the drain limit). */
  countedAfterSeconds: number;
  warmUp: { arrived: number; of: number };
  worker?: {
    killedAtSeconds: number | null;
    restartRequestedAtSeconds: number | null;
    restartedAtSeconds: number | null;
    restartError: string | null;
  };
};

const WARM_UP = 20;

/**
 * Phases 2–4: `rate` webhooks/s offered open-loop for `seconds` from `contacts` senders.
 * 2: one ROLE=api,worker process. 3: ROLE=api and ROLE=worker processes. 4: as 3, the worker SIGKILLed at a
 * third of the run and started again at half. At the end: wamids offered vs rows stored vs socket events.
 */
export async function runInboundPhase(o: {
  phase: 2 | 3 | 4;
  databaseUrl: string;
  dataDir: string;
  seconds: number;
  rate: number;
  contacts: number;
  drainSeconds: number;
  warmupSeconds: number;
  keepDatabase: boolean;
}): Promise<InboundResult> {
  await createDatabase(o.databaseUrl);
  const peer = await startWhatsAppPeer();
  const nodes: Node[] = [];
  const start = (name: string, role: string) =>
    startNode({ databaseUrl: o.databaseUrl, name, role, dataDir: `${o.dataDir}/p${o.phase}-${name}` });
  try {
    // The API first: it migrates and seeds the database the worker then finds ready.
    const apiNode = await start(o.phase === 2 ? 'node' : 'api', o.phase === 2 ? 'api,worker' : 'api');
    nodes.push(apiNode);
    if (o.phase !== 2) nodes.push(await start('worker', 'worker'));
    const processes = nodes.map((n) => `ROLE=${n.role}`);

    const { cookie, webhook } = await createChannel(apiNode.url, peer);
    const log = await watchMessages(apiNode.url, cookie, `p${o.phase}`);
    const timeoutMs = o.drainSeconds * 1000;

    // Warm-up at the phase's rate on other senders (JIT, pools, consumers running), not counted: the measured
    // run's senders are still new to the server, so it opens their 500 conversations at its start.
    const warmTotal = Math.max(WARM_UP, Math.round(o.rate * o.warmupSeconds));
    const warm = Array.from({ length: warmTotal }, (_, i) =>
      inboundMessage(peer, `p${o.phase}w-`, i, o.contacts, 100_000),
    );
    const warmRun = await offerOpenLoop({ target: webhook, messages: warm, rate: o.rate, timeoutMs });
    await warmRun.answered;
    await waitUntil(() => warm.every((m) => log.seen.has(m.text)), performance.now() + timeoutMs);
    const warmUp = { arrived: warm.filter((m) => log.seen.has(m.text)).length, of: warm.length };

    const total = Math.max(1, Math.round(o.rate * o.seconds));
    const prefix = `p${o.phase}-`;
    const messages = Array.from({ length: total }, (_, i) => inboundMessage(peer, prefix, i, o.contacts));

    const worker: InboundResult['worker'] =
      o.phase === 4
        ? {
            killedAtSeconds: null,
            restartRequestedAtSeconds: null,
            restartedAtSeconds: null,
            restartError: null,
          }
        : undefined;
    const at =
      o.phase === 4 && worker
        ? [
            {
              offsetMs: (o.seconds * 1000) / 3,
              run: async (t0: number) => {
                const w = nodes.find((n) => n.name === 'worker');
                if (w) await killNode(w);
                worker.killedAtSeconds = round((performance.now() - t0) / 1000, 2);
              },
            },
            {
              offsetMs: (o.seconds * 1000) / 2,
              run: async (t0: number) => {
                worker.restartRequestedAtSeconds = round((performance.now() - t0) / 1000, 2);
                try {
                  const again = await start('worker', 'worker');
                  nodes.push(again);
                  worker.restartedAtSeconds = round((performance.now() - t0) / 1000, 2);
                } catch (err) {
                  worker.restartError = err instanceof Error ? err.message.slice(0, 500) : String(err);
                }
              },
            },
          ]
        : [];
    const run = await offerOpenLoop({ target: webhook, messages, rate: o.rate, timeoutMs, at });

    // Drain: until every message is on the socket, or the limit after the last send (after the restarted
    // worker is up, when that is later); what is still missing then is lost.
    await Promise.all(run.timers);
    const drainFrom = Math.max(run.lastSent, performance.now());
    await waitUntil(() => messages.every((m) => log.seen.has(m.text)), drainFrom + o.drainSeconds * 1000);
    await run.answered;
    await settleSocket(log);
    const countedAfterSeconds = round((performance.now() - run.lastSent) / 1000, 1);
    const stored = await storedMessages(o.databaseUrl, prefix);
    log.close();

    let events = 0;
    let distinct = 0;
    const lat: (number | undefined)[] = messages.map((m, k) => {
      const s = log.seen.get(m.text);
      if (!s) return undefined;
      events += s.times;
      distinct++;
      return s.at - (run.due[k] ?? s.at);
    });
    const answers = latencyOf(run.answers);
    // Latency by the second a message was due: stalls show as seconds whose p99 stands out.
    const perSecond: InboundResult['perSecond'] = [];
    for (let k = 0; k < messages.length; k += o.rate) {
      const l = latencyOf(lat.slice(k, k + o.rate));
      perSecond.push({ second: k / o.rate, p50: l.p50, p99: l.p99, max: l.max });
    }
    return {
      phase: o.phase,
      processes,
      seconds: o.seconds,
      offeredRate: o.rate,
      contacts: o.contacts,
      offered: total,
      sentPerSecond: Math.round(total / Math.max(0.001, (run.lastSent - run.start) / 1000)),
      codes: run.codes,
      answer: { p50: answers.p50, p99: answers.p99 },
      latency: latencyOf(lat),
      perSecond,
      stored: {
        rows: stored.rows,
        distinct: stored.distinct,
        duplicated: stored.rows - stored.distinct,
        missing: total - stored.distinct,
      },
      socket: { events, distinct, duplicated: events - distinct, missing: total - distinct },
      countedAfterSeconds,
      warmUp,
      ...(worker ? { worker } : {}),
    };
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await peer.stop();
    if (!o.keepDatabase) await dropDatabase(o.databaseUrl).catch(() => {});
  }
}
