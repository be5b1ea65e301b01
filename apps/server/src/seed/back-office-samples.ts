import { seedOptinSamples } from '../modules/optin/seed-optin-samples';
import type { Db } from '../platform/db';
import type { Storage } from '../platform/storage/storage';
import { seedBatchCloseSamples } from './batch-close-samples';
import { seedBillingSamples } from './billing-samples';
import { seedBlacklistSamples } from './blacklist-samples';
import { seedCampaignSamples } from './campaign-samples';
import { seedMailingSamples } from './mailing-samples';
import { seedNegotiatorSamples } from './negotiator-samples';

/**
 * The back-office samples of the demo company (issue 18), after its sample conversations (they use its channels and
 * attendances): a mailing already imported, a finished campaign, opt-in subscribers, the blacklist on with a blocked
 * number and a pending suggestion, a finished batch close, the last two months' invoices, the auto-negotiator. Each part does nothing when its sample exists.
 */
export async function seedBackOfficeSamples(db: Db, storage: Storage): Promise<void> {
  await seedMailingSamples(db, storage);
  await seedCampaignSamples(db);
  await seedOptinSamples(db);
  await seedBlacklistSamples(db);
  await seedBatchCloseSamples(db);
  // Issue 21: the demo company's invoices of the two closed months before this one.
  await seedBillingSamples({ db, storage });
  // Issue 23: the debt mailing, "Negociador Demo" on the demo link and two finished negotiations.
  await seedNegotiatorSamples(db, storage);
}
