import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';

export type HealthReport = {
  status: 'ok' | 'degraded';
  database: 'ok' | 'error';
  queue: 'ok' | 'error' | 'off';
  roles: string[];
};

/** The node's health: the database answers, the queue (when this node has one) answers, and its roles. */
export async function checkHealth(deps: Pick<AppDeps, 'db' | 'queue' | 'config'>): Promise<HealthReport> {
  const database = await deps.db
    .execute(sql`select 1`)
    .then(() => 'ok' as const)
    .catch(() => 'error' as const);
  const queue = deps.queue
    ? (await deps.queue.healthy())
      ? ('ok' as const)
      : ('error' as const)
    : ('off' as const);
  const status = database === 'ok' && queue !== 'error' ? ('ok' as const) : ('degraded' as const);
  return { status, database, queue, roles: [...deps.config.ROLE] };
}
