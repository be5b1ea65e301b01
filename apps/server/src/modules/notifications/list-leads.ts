import { NOTIFICATION_MSG, type TNotificationLead } from '@prosa/shared/notifications';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { toLead } from './present';
import { findAdminOne, findLeads } from './repository';
import { adminScopeOf } from './scope';

/** Who said they are interested in an offer (model 2), newest first: of the caller's companies only. */
export async function listLeads(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
): Promise<TNotificationLead[]> {
  const scope = await adminScopeOf(deps, caller);
  if (!(await findAdminOne(deps.db, scope, id))) throw notFound(NOTIFICATION_MSG.notFound);
  return (await findLeads(deps.db, scope, id)).map(toLead);
}
