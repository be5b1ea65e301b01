import { INTEGRATION_MAX_ATTEMPTS, INTEGRATION_MSG, type TIntegrationKind } from '@prosa/shared/integrations';
import type { AppDeps } from '../../platform/deps';
import { sealCredentials, unsealCredentials } from './credentials';
import { grantTokens, RdCallError, sendToRd } from './rd-client';
import {
  findDelivery,
  findIntegration,
  type IntegrationRow,
  updateDelivery,
  updateIntegration,
} from './repository';

type Deps = Pick<AppDeps, 'db' | 'appSecret' | 'config' | 'outbound'>;

// An access token is renewed this long before it expires, so a call never starts with one about to lapse.
const EARLY_MS = 60_000;

/**
 * The integration's access token: the stored one while valid; else (or when `refused` is the token the provider
 * just answered 401 to) a new one from the refresh token, or from the client code when there is none yet. The row
 * is locked meanwhile, so concurrent deliveries never spend the same rotating refresh token twice.
 */
async function accessToken(deps: Deps, integration: IntegrationRow, refused: string | null): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const row = await findIntegration(tx, integration.companyId, integration.id, true);
    if (!row) throw new RdCallError('refused', INTEGRATION_MSG.inactive);
    const creds = unsealCredentials(row.credentialsSealed, deps.appSecret);
    const valid =
      creds.accessToken &&
      creds.accessToken !== refused &&
      creds.expiresAt &&
      new Date(creds.expiresAt).getTime() - EARLY_MS > Date.now();
    if (valid && creds.accessToken) return creds.accessToken;
    const tokens = await grantTokens(deps, row.kind as TIntegrationKind, creds);
    const next = { ...creds, ...tokens };
    await updateIntegration(tx, row.companyId, row.id, {
      credentialsSealed: sealCredentials(next, deps.appSecret),
    });
    return tokens.accessToken;
  });
}

/**
 * Delivers one event (job integrations.deliver): pending → sent, or failed at once when RD Station refuses it (4xx
 * other than 401/429, credentials refused), or after INTEGRATION_MAX_ATTEMPTS tries of network errors, 429 and 5xx
 * (each of those throws, and pg-boss runs the job again after its backoff). A 401 renews the token once.
 */
export async function deliverIntegrationEvent(deps: Deps, job: { companyId: number; deliveryId: number }) {
  const { companyId, deliveryId } = job;
  const delivery = await findDelivery(deps.db, companyId, deliveryId);
  if (delivery?.status !== 'pending') return;
  const integration = await findIntegration(deps.db, companyId, delivery.integrationId);
  if (!integration?.active) {
    await updateDelivery(deps.db, companyId, deliveryId, {
      status: 'failed',
      lastError: INTEGRATION_MSG.inactive,
    });
    return;
  }
  const attempt = delivery.attempts + 1;
  await updateDelivery(deps.db, companyId, deliveryId, { attempts: attempt });
  const kind = integration.kind as TIntegrationKind;
  try {
    const token = await accessToken(deps, integration, null);
    try {
      await sendToRd(deps, kind, token, delivery.event, delivery.payload);
    } catch (err) {
      if (!(err instanceof RdCallError) || err.kind !== 'unauthorized') throw err;
      await sendToRd(
        deps,
        kind,
        await accessToken(deps, integration, token),
        delivery.event,
        delivery.payload,
      );
    }
    await updateDelivery(deps.db, companyId, deliveryId, {
      status: 'sent',
      lastError: null,
      sentAt: new Date(),
    });
    await updateIntegration(deps.db, companyId, integration.id, { lastError: null });
  } catch (err) {
    if (!(err instanceof RdCallError)) throw err;
    const final = err.kind !== 'retry' || attempt >= INTEGRATION_MAX_ATTEMPTS;
    await updateDelivery(deps.db, companyId, deliveryId, {
      status: final ? 'failed' : 'pending',
      lastError: err.message,
    });
    await updateIntegration(deps.db, companyId, integration.id, { lastError: err.message });
    if (!final) throw err;
  }
}
