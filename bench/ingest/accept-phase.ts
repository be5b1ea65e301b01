import { performance } from 'node:perf_hooks';
import { startWhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import { createChannel, createDatabase, dropDatabase, startNode } from './cluster';
import { postWebhook } from './http';
import { inboundMessage } from './messages';
import { count, latencyOf, round } from './stats';

export type AcceptResult = {
  role: string;
  inFlight: number;
  seconds: number;
  accepted: number;
  acceptedPerSecond: number;
  codes: Record<string, number>;
  /** POST → 200, over accepted requests (ms). */
  answer: { p50: number | null; p99: number | null; max: number | null };
  /** accepted/s ÷ pgbench's tps of phase 0 in the same run (null without phase 0). */
  ratioToPgbench: number | null;
};

/**
 * Phase 1: `inFlight` signed webhooks always in flight for `seconds` against one ROLE=api process:
 * the rate of 200 answers (signature check + durable commit of the event).
 */
export async function runAcceptPhase(o: {
  databaseUrl: string;
  dataDir: string;
  seconds: number;
  inFlight: number;
  contacts: number;
  pgbenchTps: number | null;
  keepDatabase: boolean;
}): Promise<AcceptResult> {
  await createDatabase(o.databaseUrl);
  const peer = await startWhatsAppPeer();
  const node = await startNode({
    databaseUrl: o.databaseUrl,
    name: 'api',
    role: 'api',
    dataDir: `${o.dataDir}/p1-api`,
  });
  try {
    const { webhook } = await createChannel(node.url, peer);
    // Warm-up: JIT, pools and the first contacts before the clock starts.
    await Promise.all(
      Array.from({ length: o.inFlight }, (_, i) =>
        postWebhook(webhook, inboundMessage(peer, 'p1w-', i, o.contacts), 10_000),
      ),
    );
    const codes: Record<string, number> = {};
    const answers: number[] = [];
    let i = 0;
    const start = performance.now();
    const end = start + o.seconds * 1000;
    let last = start;
    await Promise.all(
      Array.from({ length: o.inFlight }, async () => {
        while (performance.now() < end) {
          const m = inboundMessage(peer, 'p1-', i++, o.contacts);
          const t0 = performance.now();
          const status = await postWebhook(webhook, m, 30_000);
          last = performance.now();
          count(codes, status);
          if (status === 200) answers.push(last - t0);
        }
      }),
    );
    const seconds = (last - start) / 1000;
    const accepted = codes['200'] ?? 0;
    const perSecond = accepted / seconds;
    const lat = latencyOf(answers);
    return {
      role: 'api',
      inFlight: o.inFlight,
      seconds: round(seconds, 2),
      accepted,
      acceptedPerSecond: Math.round(perSecond),
      codes,
      answer: { p50: lat.p50, p99: lat.p99, max: lat.max },
      ratioToPgbench: o.pgbenchTps ? round(perSecond / o.pgbenchTps, 3) : null,
    };
  } finally {
    await node.stop();
    await peer.stop();
    if (!o.keepDatabase) await dropDatabase(o.databaseUrl).catch(() => {});
  }
}
