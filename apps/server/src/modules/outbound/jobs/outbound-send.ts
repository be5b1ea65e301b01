import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { runSendJob } from '../send-outbound';

// Every outgoing message leaves through this job (plan 0005 §4): one attempt per run, claimed so that only one
// runner calls the provider; a 429/5xx or a busy channel queues the next step itself. A run that fails before the
// provider call hands the claim back and pg-boss runs it again.
export const outboundSendJob = defineJob({
  name: 'outbound.send',
  payload: JOB_CATALOGUE['outbound.send'],
  retryLimit: 5,
  retryDelaySeconds: 2,
  // Runs wait for their channel's rate slot: several at once per node keep a channel at its rate, and four
  // workers per node fetch independently so a batch's slowest send never idles the node (bench phase 5).
  batchSize: 16,
  workers: 4,
  handler: (payload, deps) => runSendJob(deps, payload),
});
