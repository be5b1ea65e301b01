import type { DurableConsumer } from '../../facts/durable-consumer';
import { JOB_CATALOGUE } from '../../jobs/catalogue';
import { defineJob } from '../../jobs/define-job';
import type { AppDeps } from '../../platform/deps';
import { integrationsConsumer } from './consumer';
import { deliverIntegrationEvent } from './deliver-integration-event';

// What the workers run for integrations (jobs/registry.ts): the delivery job and the fact consumer feeding it.

// Network errors, 429 and 5xx throw and run again after 2 s, 4 s, 8 s… (pg-boss backoff); the handler fails the
// delivery itself on its last try (INTEGRATION_MAX_ATTEMPTS = retryLimit + 1).
export const deliverIntegrationJob = defineJob({
  name: 'integrations.deliver',
  payload: JOB_CATALOGUE['integrations.deliver'],
  retryLimit: 5,
  retryDelaySeconds: 2,
  handler: (payload, deps) => deliverIntegrationEvent(deps, payload),
});

export function integrationConsumers(
  deps: AppDeps,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer[] {
  return [integrationsConsumer(deps, log)];
}
