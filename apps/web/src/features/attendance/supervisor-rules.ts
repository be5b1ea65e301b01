import { ROLE } from '@prosa/shared/roles';

export type TSupervisorAction = 'queue' | 'front-queue' | 'remove-locked';

/**
 * The managers' actions a card offers (issue 24 item 2): none to operators; back to the queue or its front only
 * with automatic distribution on; removal only of a locked card.
 */
export function supervisorActions(input: {
  role: number;
  autoDist: boolean;
  locked: boolean;
}): TSupervisorAction[] {
  if (input.role < ROLE.manager) return [];
  const actions: TSupervisorAction[] = [];
  if (input.autoDist) actions.push('queue', 'front-queue');
  if (input.locked) actions.push('remove-locked');
  return actions;
}
