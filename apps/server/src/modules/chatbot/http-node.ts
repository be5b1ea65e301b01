import { HANDLE_ERROR, HANDLE_SUCCESS, type TFlowNodeData } from '@prosa/shared/chatbot';
import { and, eq, sql } from 'drizzle-orm';
import { automationSessions } from '../../db/schema/automation';
import type { AutomationDeps, AutomationRun } from '../automation/run';
import { loadSession } from '../automation/run';
import { withAttendanceRun } from './flow-run';
import { findFlow } from './repository';
import {
  type FlowState,
  flowContextOf,
  type HttpJob,
  handover,
  nextOf,
  runFrom,
  saveMetadata,
} from './steps';

// The HTTP node: never called inside a transaction. The session is parked at the node (state.pending_http with a
// token); after the commit the call goes through the outbound-URL guard with the node's time-out; its answer
// continues the flow in a new transaction that locks the attendance and checks the session is still parked with
// that token (so a flow never continues twice). A sweep follows `error` for calls whose node died.

/** How long after its time-out a parked call is given up by the sweep. */
export const HTTP_SWEEP_MARGIN_MS = 30_000;
/** The most of an answer's body read (and stored, through save_as, up to the field's limit). */
const BODY_MAX = 64 * 1024;
const SAVED_MAX = 500;

export type HttpResult = { outcome: 'success' | 'error'; value: string | null };

/** The value at a dot path of a JSON answer (or the whole body as text without a path). */
export function answerValue(body: string, path: string | null | undefined): string | null {
  if (!path) return body.trim().slice(0, SAVED_MAX) || null;
  let current: unknown;
  try {
    current = JSON.parse(body);
  } catch {
    return null;
  }
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined || current === null) return null;
  const text = typeof current === 'string' ? current : JSON.stringify(current);
  return text.slice(0, SAVED_MAX);
}

async function readBody(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size >= BODY_MAX) {
      await reader.cancel().catch(() => {});
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, BODY_MAX).toString('utf8');
}

/** The call itself: a 2xx answer is success; another status, a time-out or a refused URL is error. */
export async function callHttp(
  deps: Pick<AutomationDeps, 'outbound'>,
  data: TFlowNodeData['http'],
): Promise<HttpResult> {
  const signal = AbortSignal.timeout(data.timeout_ms);
  try {
    const headers = new Headers();
    for (const h of data.headers) if (h.key.trim()) headers.set(h.key.trim(), h.value);
    const withBody = data.method === 'POST' && data.body;
    if (withBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const res = await deps.outbound.fetch(
      data.url,
      { method: data.method, headers, body: withBody ? data.body : undefined, signal },
      { timeoutMs: data.timeout_ms },
    );
    const body = await readBody(res);
    if (!res.ok) return { outcome: 'error', value: null };
    return { outcome: 'success', value: answerValue(body, data.response_path) };
  } catch {
    return { outcome: 'error', value: null };
  }
}

/** Continues a parked session with the call's result, once: only while it is still parked with this token. */
export async function resumeHttp(deps: AutomationDeps, job: Omit<HttpJob, 'data'>, result: HttpResult) {
  return withAttendanceRun(deps, job, async (run) => {
    if (run.attendance.closedAt) {
      // Finalized meanwhile (by an operator): the parked session has nothing left to do.
      await run.tx
        .delete(automationSessions)
        .where(
          and(
            eq(automationSessions.companyId, run.attendance.companyId),
            eq(automationSessions.attendanceId, run.attendance.id),
            eq(automationSessions.holder, 'flow'),
          ),
        );
      return false;
    }
    const session = await loadSession(run);
    if (session?.holder !== 'flow' || session.flowId !== job.flowId) return false;
    const state = session.state as FlowState;
    if (!state.pending_http || state.pending_http.token !== job.token) return false;
    const rest: FlowState = { ...state, pending_http: null };
    const flow = await findFlow(run.tx, run.attendance.companyId, job.flowId);
    if (!flow) {
      await handover(run, rest);
      return true;
    }
    const ctx = await flowContextOf(run, flow, scheduleHttp);
    const node = ctx.nodes.get(job.nodeId);
    if (node?.type !== 'http') {
      await handover(run, rest);
      return true;
    }
    const saveAs = typeof node.data.save_as === 'string' ? node.data.save_as : null;
    if (result.outcome === 'success' && saveAs && result.value !== null)
      await saveMetadata(run, saveAs, result.value);
    await runFrom(
      run,
      ctx,
      nextOf(ctx, node.id, result.outcome === 'success' ? HANDLE_SUCCESS : HANDLE_ERROR),
      rest,
    );
    return true;
  });
}

/** Registered by the HTTP node: after the commit, the call (not awaited by the consumer) and its resume. */
export function scheduleHttp(run: AutomationRun, job: HttpJob): void {
  const deps = run.deps;
  run.afterCommit(async () => {
    void callHttp(deps, job.data)
      .then((result) => resumeHttp(deps, job, result))
      .catch(() => {});
  });
}

/** Sessions parked at an HTTP node longer than its time-out and the margin (their node died): follow `error`. */
export async function sweepParkedHttp(deps: AutomationDeps, now: Date = new Date()): Promise<number> {
  const rows = await deps.db.execute<{
    company_id: number;
    attendance_id: number;
    flow_id: number;
    node_id: string;
    token: string;
  }>(sql`
    select company_id, attendance_id::int8 as attendance_id, flow_id, state->'pending_http'->>'node_id' as node_id,
           state->'pending_http'->>'token' as token
    from automation_sessions
    where holder = 'flow' and jsonb_typeof(state->'pending_http') = 'object'
      and (state->'pending_http'->>'started_at')::timestamptz
          + ((state->'pending_http'->>'timeout_ms')::int + ${HTTP_SWEEP_MARGIN_MS}) * interval '1 millisecond'
          < ${now.toISOString()}::timestamptz
    limit 100`);
  let resumed = 0;
  for (const r of rows.rows) {
    const done = await resumeHttp(
      deps,
      {
        companyId: Number(r.company_id),
        attendanceId: Number(r.attendance_id),
        flowId: Number(r.flow_id),
        nodeId: r.node_id,
        token: r.token,
      },
      { outcome: 'error', value: null },
    );
    if (done) resumed += 1;
  }
  return resumed;
}
