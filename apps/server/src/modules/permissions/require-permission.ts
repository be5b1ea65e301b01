import { can } from '@prosa/shared/permissions';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { effectivePermissions } from './repository';

/**
 * The server side of a menu access key (spec 2 §6, spec 3 §6): the route refuses a caller whose module
 * permissions do not grant the action, whatever the menu shows.
 */
export async function requirePermission(
  db: Db,
  caller: Caller,
  actionId: string,
  level: 'read' | 'write',
  message?: string,
): Promise<void> {
  const map = await effectivePermissions(db, caller.companyId, caller.userId);
  if (!can(map, actionId, level)) throw forbidden(message);
}
