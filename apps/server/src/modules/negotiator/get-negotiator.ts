import type { TNegotiator } from '@prosa/shared/negotiator';
import type { AppDeps, Caller } from '../../platform/deps';
import { presentNegotiator } from './present-negotiator';
import { requireNegotiator } from './require-negotiator';

type Deps = Pick<AppDeps, 'db'>;

export async function getNegotiator(deps: Deps, caller: Caller, id: number): Promise<TNegotiator> {
  const row = await requireNegotiator(deps.db, caller.companyId, id);
  return presentNegotiator(deps.db, caller.companyId, row);
}
