import {
  NOTIFICATION_MSG,
  type TNotificationAdmin,
  type TNotificationPage,
  type ZNotificationListQuery,
} from '@prosa/shared/notifications';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { toAdmin } from './present';
import { type AdminListRow, companyNames, findAdminOne, findAdminPage } from './repository';
import { adminScopeOf } from './scope';

type Deps = Pick<AppDeps, 'db'>;

async function present(deps: Deps, rows: AdminListRow[]): Promise<TNotificationAdmin[]> {
  const names = await companyNames(deps.db, [
    ...new Set(rows.flatMap((r) => (r.company_ids ?? []).map(Number))),
  ]);
  return rows.map((r) => toAdmin(r, names));
}

/** The admin list (spec 2 §2, §9): 50 per page, newest first, found by title, only what the caller reaches. */
export async function listNotifications(
  deps: Deps,
  caller: Caller,
  query: z.output<typeof ZNotificationListQuery>,
): Promise<TNotificationPage> {
  const scope = await adminScopeOf(deps, caller);
  const { rows, total } = await findAdminPage(deps.db, scope, {
    title: query.title || undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await present(deps, rows), total, page: query.page, per_page: query.per_page };
}

export async function getNotification(deps: Deps, caller: Caller, id: number): Promise<TNotificationAdmin> {
  const row = await findAdminOne(deps.db, await adminScopeOf(deps, caller), id);
  if (!row) throw notFound(NOTIFICATION_MSG.notFound);
  const [item] = await present(deps, [row]);
  if (!item) throw notFound(NOTIFICATION_MSG.notFound);
  return item;
}
