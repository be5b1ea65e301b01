import type { DurableConsumer } from '../../facts/durable-consumer';
import type { AppDeps } from '../../platform/deps';
import { optinConsumer } from './optout-consumer';

// What the workers run for opt-in (jobs/registry.ts spreads it): its fact consumer (subscribers from inbound messages, opt-out and opt-in words).

export function optinConsumers(deps: AppDeps, log?: (msg: string, err?: unknown) => void): DurableConsumer[] {
  return [optinConsumer(deps, log)];
}
