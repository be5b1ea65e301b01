import {
  INTEGRATION_DELIVERY_STATUSES,
  INTEGRATION_MSG,
  INTEGRATION_RECENT_DELIVERIES,
  type TIntegrationDelivery,
  type TIntegrationDeliveryStatus,
} from '@prosa/shared/integrations';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { type RdCredentials, unsealCredentials } from './credentials';
import { presentIntegration } from './present';
import { deliveryCounts, findIntegration, findIntegrations, findRecentDeliveries } from './repository';

type Deps = Pick<AppDeps, 'db' | 'appSecret'>;

function credsOrNull(sealed: string, appSecret: string): RdCredentials | null {
  try {
    return unsealCredentials(sealed, appSecret);
  } catch {
    // Sealed with another APP_SECRET: shown as not set, so the manager types them again.
    return null;
  }
}

/** The company's integrations (spec 2 §7 "Integrations all"). */
export async function listIntegrations(deps: Deps, caller: Caller) {
  const [rows, counts] = await Promise.all([
    findIntegrations(deps.db, caller.companyId),
    deliveryCounts(deps.db, caller.companyId),
  ]);
  return {
    integrations: rows.map((r) =>
      presentIntegration(r, credsOrNull(r.credentialsSealed, deps.appSecret), counts.get(r.id)),
    ),
  };
}

/** One integration (spec 2 §7 "find"). */
export async function getIntegration(deps: Deps, caller: Caller, id: number) {
  const row = await findIntegration(deps.db, caller.companyId, id);
  if (!row) throw notFound(INTEGRATION_MSG.notFound);
  const counts = await deliveryCounts(deps.db, caller.companyId);
  return presentIntegration(row, credsOrNull(row.credentialsSealed, deps.appSecret), counts.get(row.id));
}

const statusOf = (s: string): TIntegrationDeliveryStatus =>
  (INTEGRATION_DELIVERY_STATUSES as readonly string[]).includes(s)
    ? (s as TIntegrationDeliveryStatus)
    : 'pending';

/** The company's latest deliveries, newest first (all integrations, or one). */
export async function listDeliveries(deps: Deps, caller: Caller, integrationId?: number) {
  const rows = await findRecentDeliveries(deps.db, caller.companyId, {
    integrationId,
    limit: INTEGRATION_RECENT_DELIVERIES,
  });
  const deliveries: TIntegrationDelivery[] = rows.map(({ delivery: d, integrationName }) => ({
    id: d.id,
    integration_id: d.integrationId,
    integration_name: integrationName,
    event: d.event,
    subject_id: d.subjectId,
    status: statusOf(d.status),
    attempts: d.attempts,
    last_error: d.lastError,
    created_at: d.createdAt.toISOString(),
    sent_at: d.sentAt?.toISOString() ?? null,
  }));
  return { deliveries };
}
