import { createDurableConsumer, type DurableConsumer } from '../../facts/durable-consumer';
import type { TStoredFact } from '../../facts/read-facts';
import type { Db, Tx } from '../../platform/db';
import { requestDistribution } from './schedule';

/** The durable consumer that brings distribution cycles forward (fact_consumers.name). */
export const DISTRIBUTION_TRIGGER = 'distribution.trigger';

/**
 * The companies whose picture changed for distribution: a card waiting (opened, back in the queue, returned
 * from a schedule), a place freed (a card left an operator, closed or reopened), an operator who came, left,
 * paused or returned. A card given to an operator by someone (or by a cycle) frees nothing and waits for nothing.
 */
export function companiesToDistribute(facts: readonly TStoredFact[]): number[] {
  const out = new Set<number>();
  for (const f of facts) {
    switch (f.name) {
      case 'attendance.opened':
      case 'attendance.closed':
      case 'attendance.reopened':
      case 'schedule.returned':
      case 'operator.status_changed':
      case 'pause.started':
      case 'pause.ended':
      case 'automation.handover':
        out.add(f.companyId);
        break;
      case 'attendance.assigned':
      case 'attendance.transferred':
        if (f.data.to_operator_id === null || f.data.from_operator_id !== null) out.add(f.companyId);
        break;
    }
  }
  return [...out];
}

/**
 * On the worker: read every fact once across all workers (its cursor moves in the same transaction as the
 * requests it makes), whichever node wrote it.
 */
export function distributionTriggerConsumer(db: Db): DurableConsumer {
  return createDurableConsumer({
    db,
    name: DISTRIBUTION_TRIGGER,
    handle: async (tx: Tx, facts) => {
      for (const companyId of companiesToDistribute(facts)) await requestDistribution(tx, companyId);
    },
  });
}
