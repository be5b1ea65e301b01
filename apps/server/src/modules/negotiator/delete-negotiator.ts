import { NEGOTIATOR_MSG } from '@prosa/shared/negotiator';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { softDeleteNegotiator } from './admin-repository';

type Deps = Pick<AppDeps, 'db'>;

/** Soft delete: the row stays for the negotiation report; its channels and hotsite are freed at once. */
export async function deleteNegotiator(deps: Deps, caller: Caller, id: number) {
  if (!(await softDeleteNegotiator(deps.db, caller.companyId, id))) throw notFound(NEGOTIATOR_MSG.notFound);
  return { message: 'Negociador excluído.' };
}
