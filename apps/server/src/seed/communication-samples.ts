import type { Db } from '../platform/db';
import { seedMessengerSamples } from './messenger-samples';
import { seedNotificationSamples } from './notification-samples';
import { seedSurveySamples } from './survey-samples';

/**
 * The demo's internal communication (issue 20): the manager's conversations with the operators, a welcome
 * notification, and a published survey. Each part does nothing when its sample exists.
 */
export async function seedCommunicationSamples(db: Db): Promise<void> {
  await seedMessengerSamples(db);
  await seedNotificationSamples(db);
  await seedSurveySamples(db);
}
