// STUB (issue 17, chatbot helper replaces it): the flow engine the automation consumer calls.
import type { AutomationRun, SessionRow } from '../automation/run';

/** The channel's linked active flow takes the attendance from its start node; 'none' when there is none. */
export async function startFlow(
  _run: AutomationRun,
  _opts?: { by?: number | null },
): Promise<'held' | 'none'> {
  return 'none';
}
export async function onFlowMessage(_run: AutomationRun, _session: SessionRow): Promise<void> {}
