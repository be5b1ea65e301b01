import type { AcceptResult } from './accept-phase';
import type { InboundResult } from './inbound-phase';
import type { OutboundResult } from './outbound-phase';
import type { PgbenchResult } from './pgbench';
import { fmtCodes, fmtInt, fmtMs, verdict } from './stats';

// The issue's targets (issue 12, Benchmark).
export const TARGETS = {
  acceptedPerSecond: 2000,
  acceptedRatioToPgbench: 0.35,
  latencyP50Ms: 50,
  latencyP99Ms: 250,
  outboundRateTolerance: 0.05,
};

export type PhaseError = { error: string };
export type Results = {
  pgbench?: PgbenchResult | PhaseError;
  accept?: AcceptResult | PhaseError;
  inbound: (InboundResult | (PhaseError & { phase: number }))[];
  outbound?: OutboundResult | PhaseError;
};

const isError = (r: unknown): r is PhaseError => typeof r === 'object' && r !== null && 'error' in r;

export function acceptVerdict(r: AcceptResult) {
  return {
    rate: r.acceptedPerSecond >= TARGETS.acceptedPerSecond,
    ratio: r.ratioToPgbench === null ? null : r.ratioToPgbench >= TARGETS.acceptedRatioToPgbench,
  };
}

/** Phase 4 (the worker killed for a while) is judged on lost and duplicated only; its latency is shown. */
export function inboundVerdict(r: InboundResult) {
  const timed = r.phase !== 4;
  return {
    p50: timed ? r.latency.p50 !== null && r.latency.p50 < TARGETS.latencyP50Ms : null,
    p99: timed ? r.latency.p99 !== null && r.latency.p99 < TARGETS.latencyP99Ms : null,
    noneLost: r.stored.missing === 0 && r.socket.missing === 0,
    noneDuplicated: r.stored.duplicated === 0 && r.socket.duplicated === 0,
  };
}

export function outboundVerdict(r: OutboundResult) {
  const tol = r.channelRate * TARGETS.outboundRateTolerance;
  return {
    rate:
      r.peer.steadyRate !== null &&
      r.peer.steadyRate >= r.channelRate - tol &&
      r.peer.steadyRate <= r.channelRate + tol,
    eachOnce: r.peer.distinct === r.posted && r.peer.duplicated === 0,
  };
}

/** Markdown tables, as bench/README.md shows them. */
export function printResults(r: Results) {
  const out: string[] = [];
  const line = (s = '') => out.push(s);
  if (r.pgbench) {
    line('### 0. pgbench, durable single-row insert');
    if (isError(r.pgbench)) line(`failed: ${r.pgbench.error}`);
    else {
      line('| command | tps | transactions | latency avg |');
      line('| --- | --- | --- | --- |');
      line(
        `| \`${r.pgbench.command}\` | ${fmtInt(r.pgbench.tps)}/s | ${r.pgbench.transactions ?? '—'} | ${fmtMs(r.pgbench.latencyAvgMs, '—')} |`,
      );
      line(`- insert.sql: \`${r.pgbench.script}\``);
    }
    line();
  }
  if (r.accept) {
    line('### 1. Webhooks accepted (signature check + durable commit), one ROLE=api process');
    if (isError(r.accept)) line(`failed: ${r.accept.error}`);
    else {
      const v = acceptVerdict(r.accept);
      line(
        '| in flight | accepted/s | accepted | of pgbench | answer p50 | answer p99 | HTTP errors | target ≥ 2,000/s | target ≥ 35 % |',
      );
      line('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      const ratio =
        r.accept.ratioToPgbench === null ? '—' : `${(r.accept.ratioToPgbench * 100).toFixed(1)} %`;
      line(
        `| ${r.accept.inFlight} | ${fmtInt(r.accept.acceptedPerSecond)}/s | ${fmtInt(r.accept.accepted)} in ${r.accept.seconds} s | ${ratio} | ${fmtMs(r.accept.answer.p50, '—')} | ${fmtMs(r.accept.answer.p99, '—')} | ${fmtCodes(r.accept.codes)} | ${verdict(v.rate)} | ${verdict(v.ratio)} |`,
      );
    }
    line();
  }
  if (r.inbound.length) {
    line('### 2–4. Offered open-loop → operator socket `message:created`');
    line(
      '| phase | processes | offered | sent | p50 | p99 | max | stored (rows / distinct) | on the socket (events / distinct) | lost | duplicated | HTTP errors | targets p50 · p99 · lost · dup |',
    );
    line('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const p of r.inbound) {
      if (isError(p)) {
        line(`| ${p.phase} | failed: ${p.error.replaceAll('\n', ' ').slice(0, 300)} |`);
        continue;
      }
      const v = inboundVerdict(p);
      const lost = `${fmtInt(p.stored.missing)} stored, ${fmtInt(p.socket.missing)} socket`;
      const dup = `${fmtInt(p.stored.duplicated)} rows, ${fmtInt(p.socket.duplicated)} events`;
      line(
        `| ${p.phase} | ${p.processes.join(' + ')} | ${fmtInt(p.offeredRate)}/s × ${p.seconds} s = ${fmtInt(p.offered)} (${p.contacts} contacts) | ${fmtInt(p.sentPerSecond)}/s | ${fmtMs(p.latency.p50)} | ${fmtMs(p.latency.p99)} | ${fmtMs(p.latency.max)} | ${fmtInt(p.stored.rows)} / ${fmtInt(p.stored.distinct)} | ${fmtInt(p.socket.events)} / ${fmtInt(p.socket.distinct)} | ${lost} | ${dup} | ${fmtCodes(p.codes)} | ${[v.p50, v.p99, v.noneLost, v.noneDuplicated].map(verdict).join(' · ')} |`,
      );
    }
    for (const p of r.inbound) {
      if (isError(p)) continue;
      const notes = [
        `counted ${p.countedAfterSeconds} s after the last send`,
        `slowest arrived ${fmtMs(p.latency.maxArrived, '—')}`,
        `POST answer p50 ${fmtMs(p.answer.p50, '—')}, p99 ${fmtMs(p.answer.p99, '—')}`,
        `warm-up ${p.warmUp.arrived}/${p.warmUp.of} on the socket`,
      ];
      if (p.worker) {
        notes.push(
          `worker SIGKILLed at ${p.worker.killedAtSeconds ?? '—'} s, started again at ${p.worker.restartRequestedAtSeconds ?? '—'} s and ready at ${p.worker.restartedAtSeconds ?? '—'} s${p.worker.restartError ? ` (restart failed: ${p.worker.restartError})` : ''}`,
        );
      }
      line(`- phase ${p.phase}: ${notes.join('; ')}`);
    }
    line();
  }
  if (r.outbound) {
    line('### 5. Outbound: operator messages posted at once, two ROLE=api,worker processes');
    if (isError(r.outbound)) line(`failed: ${r.outbound.error}`);
    else {
      const o = r.outbound;
      const v = outboundVerdict(o);
      const rate = (x: number | null) => (x === null ? '—' : `${x}/s`);
      line(
        '| channel rate | posted | attendances | peer: steady rate | overall | busiest second | distinct / arrivals | missing | duplicated | HTTP errors | target rate ± 5 % | each once |',
      );
      line('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      line(
        `| ${o.channelRate}/s | ${fmtInt(o.posted)} | ${o.attendances} | ${rate(o.peer.steadyRate)} | ${rate(o.peer.overallRate)} | ${o.peer.maxInOneSecond} | ${fmtInt(o.peer.distinct)} / ${fmtInt(o.peer.arrivals)} | ${fmtInt(o.peer.missing)} | ${fmtInt(o.peer.duplicated)} | ${fmtCodes(o.codes)} | ${verdict(v.rate)} | ${verdict(v.eachOnce)} |`,
      );
      const states = Object.entries(o.stored.byDelivery)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
      line(
        `- first to last arrival ${o.peer.firstToLastSeconds ?? '—'} s; counted ${o.countedAfterSeconds} s after posting; POST answer p50 ${fmtMs(o.answer.p50, '—')}, max ${fmtMs(o.answer.max, '—')}; rows ${o.stored.rows} (${states || 'none'})`,
      );
    }
    line();
  }
  console.log(out.join('\n'));
}
