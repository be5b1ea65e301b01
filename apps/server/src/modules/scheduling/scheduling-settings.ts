import { SCHEDULE_MSG } from '@prosa/shared/scheduling';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';

type Meta = {
  allow?: { scheduling?: unknown };
  auto_dist?: { scheduling?: { send_queue?: unknown } };
  scheduling?: { send_queue?: unknown };
};

/**
 * The company's scheduling switches: allow.scheduling turns the feature on; send_queue (spec 1 §3
 * auto_dist.scheduling.send_queue, also read at scheduling.send_queue) sends returns to the queue instead
 * of back to the operator who scheduled them.
 */
export function schedulingSettings(metadata: Record<string, unknown>) {
  const meta = metadata as Meta;
  const sendQueue = meta.auto_dist?.scheduling?.send_queue ?? meta.scheduling?.send_queue;
  return { enabled: meta.allow?.scheduling === true, sendQueue: sendQueue === true };
}

export async function loadSchedulingSettings(db: Db | Tx, companyId: number) {
  const [company] = await db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw notFound();
  return schedulingSettings(company.metadata);
}

/** Every scheduling call: refused (403) while the company has the feature off. */
export async function requireScheduling(db: Db, companyId: number) {
  const settings = await loadSchedulingSettings(db, companyId);
  if (!settings.enabled) throw forbidden(SCHEDULE_MSG.notEnabled);
  return settings;
}
