import { randomBytes } from 'node:crypto';
import { ERROR_CODE } from '@prosa/shared/messages';
import { NEGOTIATOR_MSG, type TNegotiator } from '@prosa/shared/negotiator';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { insertNegotiator, updateNegotiatorRow } from './admin-repository';
import { checkNegotiator, type TSaveInput } from './check-negotiator';
import { presentNegotiator } from './present-negotiator';
import { requireNegotiator } from './require-negotiator';

type Deps = Pick<AppDeps, 'db'>;

// A failure of the database is told in the spec's words, never as a bare 500.
const saveFailed = () => new AppError(ERROR_CODE.internal, NEGOTIATOR_MSG.saveFailed, 503);

export async function createNegotiator(deps: Deps, caller: Caller, input: TSaveInput): Promise<TNegotiator> {
  const values = await checkNegotiator(deps.db, caller.companyId, input, null);
  const row = await insertNegotiator(deps.db, {
    ...values,
    companyId: caller.companyId,
    // 16 URL-safe characters from 96 random bits: the hotsite's public name, not guessable.
    hash: randomBytes(12).toString('base64url'),
  }).catch(() => {
    throw saveFailed();
  });
  return presentNegotiator(deps.db, caller.companyId, row);
}

export async function updateNegotiator(
  deps: Deps,
  caller: Caller,
  id: number,
  input: TSaveInput,
): Promise<TNegotiator> {
  const current = await requireNegotiator(deps.db, caller.companyId, id);
  const values = await checkNegotiator(deps.db, caller.companyId, input, current);
  const row = await updateNegotiatorRow(deps.db, caller.companyId, id, values).catch(() => {
    throw saveFailed();
  });
  if (!row) throw notFound(NEGOTIATOR_MSG.notFound);
  return presentNegotiator(deps.db, caller.companyId, row);
}
