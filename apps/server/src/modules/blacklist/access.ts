import { BLACKLIST_MSG, type TBlacklistAccess } from '@prosa/shared/blacklist';
import { can } from '@prosa/shared/permissions';
import { ROLE } from '@prosa/shared/roles';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { effectivePermissions } from '../permissions/repository';

/** The blacklist module's two actions (spec 3 §6 blackListPermissions, suggestPermissions). */
export type BlacklistAction = 'lista_de_bloqueio' | 'sugestoes_de_bloqueio';

/** The company switches (blacklist {enabled, suggest, status_id}) and what the caller may do with them. */
export async function blacklistAccess(
  db: Db,
  caller: Caller,
): Promise<TBlacklistAccess & { statusId: number | null }> {
  const meta = await companyMetadataOf(db, caller.companyId);
  const enabled = meta.blacklist.enabled;
  const suggest = enabled && meta.blacklist.suggest;
  const map =
    caller.role >= ROLE.manager ? await effectivePermissions(db, caller.companyId, caller.userId) : {};
  const manager = caller.role >= ROLE.manager;
  return {
    enabled,
    suggest,
    can_list: enabled && manager && can(map, 'lista_de_bloqueio', 'read'),
    can_write: enabled && manager && can(map, 'lista_de_bloqueio', 'write'),
    can_review: enabled && manager && can(map, 'sugestoes_de_bloqueio', 'read'),
    can_suggest: suggest,
    can_block_from_chat: enabled && caller.role >= ROLE.lord,
    statusId: meta.blacklist.status_id,
  };
}

/**
 * The guard of every blacklist route: the company's blacklist on (else the screens go back to the chat), and for
 * the screens' routes the module permission (spec 3 §6: a refusal reads 'Você não tem permissão para executar a
 * ação.').
 */
export async function requireBlacklist(
  db: Db,
  caller: Caller,
  need?: { action: BlacklistAction; level: 'read' | 'write' },
) {
  const meta = await companyMetadataOf(db, caller.companyId);
  if (!meta.blacklist.enabled) throw forbidden(BLACKLIST_MSG.disabled);
  if (need) {
    if (caller.role < ROLE.manager) throw forbidden(BLACKLIST_MSG.noPermission);
    const map = await effectivePermissions(db, caller.companyId, caller.userId);
    if (!can(map, need.action, need.level)) throw forbidden(BLACKLIST_MSG.noPermission);
  }
  return meta.blacklist;
}
