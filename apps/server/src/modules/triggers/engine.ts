// STUB (issue 17, triggers helper replaces it): the trigger engine the automation consumer calls.
import type { TCloseReason } from '@prosa/shared/facts';
import type { AutomationRun, SessionRow } from '../automation/run';

/** Opening triggers: first message, working periods, receiving limit, close attempt, agreement. */
export async function onOpened(_run: AutomationRun): Promise<'closed' | 'held' | 'continue'> {
  return 'continue';
}
/** The trigger menu (menu or menu_keyboard_buttons): sent and held, or none. */
export async function startMenu(_run: AutomationRun): Promise<'held' | 'none'> {
  return 'none';
}
/** Any customer message, first: unsupported media notification. True when nothing else should read it. */
export async function beforeMessage(_run: AutomationRun): Promise<boolean> {
  return false;
}
export async function onAgreementReply(
  _run: AutomationRun,
  _session: SessionRow,
): Promise<'accepted' | 'refused' | 'waiting'> {
  return 'waiting';
}
export async function onMenuMessage(_run: AutomationRun, _session: SessionRow): Promise<void> {}
export async function onHumanMessage(_run: AutomationRun): Promise<void> {}
export async function onHandedOver(_run: AutomationRun): Promise<void> {}
export async function onClosed(_run: AutomationRun, _reason: TCloseReason): Promise<void> {}
