// STUB (issue 17, polls helper replaces it): poll answers read by the automation consumer.
import type { AutomationRun } from '../automation/run';

/** A pending poll of the message's contact reads the message as its answer; true when it did. */
export async function onPollReply(_run: AutomationRun): Promise<boolean> {
  return false;
}
