import type { TNegotiatorPage } from '@prosa/shared/negotiator-admin';
import type { AppDeps, Caller } from '../../platform/deps';
import { pageNegotiators } from './admin-repository';
import { presentNegotiators } from './present-negotiator';

type Deps = Pick<AppDeps, 'db'>;

/** The negotiators of the caller's company, newest first, by pages of 25, 50 or 100 (spec 3 §6), by name. */
export async function listNegotiators(
  deps: Deps,
  caller: Caller,
  query: { page: number; per_page: number; name?: string },
): Promise<TNegotiatorPage> {
  const { rows, total } = await pageNegotiators(deps.db, caller.companyId, {
    page: query.page,
    perPage: query.per_page,
    name: query.name || undefined,
  });
  return {
    data: await presentNegotiators(deps.db, caller.companyId, rows),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}
