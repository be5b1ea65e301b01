import { INTEGRATION_MSG, type TIntegrationEvent } from '@prosa/shared/integrations';
import { and, eq, inArray } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { integrations } from '../../db/schema/integrations';
import { createDurableConsumer, type DurableConsumer } from '../../facts/durable-consumer';
import type { TStoredFact } from '../../facts/read-facts';
import { sendJob } from '../../jobs/catalogue';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { loadContactFacts, payloadFor } from './build-payload';
import { eventsOf } from './present';
import { type IntegrationRow, insertDeliveryOnce } from './repository';

/** The durable consumer of integrations (fact_consumers.name). */
export const INTEGRATIONS_CONSUMER = 'integrations';

/** Our fact → the integration event and the delivery's event name. */
const EVENT_OF: Record<string, { event: TIntegrationEvent; name: string }> = {
  'attendance.opened': { event: 'contact_created', name: 'contact.created' },
  'attendance.closed': { event: 'attendance_finalized', name: 'attendance.finalized' },
};

/**
 * New contacts and finalized attendances to the company's active integrations: each fact becomes one delivery row
 * per integration (unique per integration, event and subject: a replayed fact adds nothing) in the consumer's
 * transaction, and its job is queued after commit. A contact is new when its first attendance opens after the
 * integration was created (contacts already there are not sent at once when an integration is added).
 */
export function integrationsConsumer(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer {
  return createDurableConsumer({
    db: deps.db,
    name: INTEGRATIONS_CONSUMER,
    log,
    handle: async (tx, facts, afterCommit) => {
      const mine = facts.filter((f) => f.name in EVENT_OF && f.attendanceId !== null);
      if (mine.length === 0) return;
      const companyIds = [...new Set(mine.map((f) => f.companyId))];
      const rows = await tx
        .select()
        .from(integrations)
        .where(and(inArray(integrations.companyId, companyIds), eq(integrations.active, true)));
      if (rows.length === 0) return;
      const queued: { companyId: number; deliveryId: number }[] = [];
      for (const fact of mine) {
        const targets = rows.filter(
          (r) =>
            r.companyId === fact.companyId && eventsOf(r)[EVENT_OF[fact.name]?.event ?? 'contact_created'],
        );
        for (const integration of targets) {
          const id = await deliveryFor(tx, integration, fact);
          if (id !== null) queued.push({ companyId: fact.companyId, deliveryId: id });
        }
      }
      const queue = deps.queue;
      if (queue && queued.length > 0)
        afterCommit(async () => {
          for (const q of queued) await sendJob(queue, 'integrations.deliver', q);
        });
    },
  });
}

/** Inserts the fact's delivery to one integration; null when there is nothing to send or it exists already. */
async function deliveryFor(tx: Tx, integration: IntegrationRow, fact: TStoredFact): Promise<number | null> {
  const kind = EVENT_OF[fact.name];
  if (!kind || fact.attendanceId === null) return null;
  const [attendance] = await tx
    .select({ contactId: attendances.contactId, protocol: attendances.protocol })
    .from(attendances)
    .where(and(eq(attendances.companyId, fact.companyId), eq(attendances.id, fact.attendanceId)));
  if (!attendance) return null;
  const contact = await loadContactFacts(tx, fact.companyId, attendance.contactId);
  if (!contact) return null;
  if (kind.event === 'contact_created' && contact.createdAt < integration.createdAt) return null;
  const subjectId = kind.event === 'contact_created' ? attendance.contactId : fact.attendanceId;
  const { email, payload } = payloadFor(integration, kind.event, contact, attendance.protocol);
  // RD Station Marketing identifies a conversion by its e-mail: without one the delivery fails here, visibly.
  const noEmail = integration.kind === 'rdstation_marketing' && !email;
  const row = await insertDeliveryOnce(tx, {
    companyId: fact.companyId,
    integrationId: integration.id,
    event: kind.name,
    subjectId,
    payload,
    status: noEmail ? 'failed' : 'pending',
    lastError: noEmail ? INTEGRATION_MSG.noEmail : null,
  });
  return row && !noEmail ? row.id : null;
}
