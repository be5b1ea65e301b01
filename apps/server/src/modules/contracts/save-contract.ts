import { CONTRACT_MSG, type ZContractInput } from '@prosa/shared/contract';
import { brDateToIso } from '@prosa/shared/dates';
import type { z } from '@prosa/shared/zod';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { findSeller, saveContract } from './repository';

const cents = (reais: number) => Math.round(reais * 100);

/** PATCH /contracts/{id}: dates DD/MM/YYYY, rules and values in reais; the row is created on the first save. */
export async function updateContract(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
  input: z.output<typeof ZContractInput>,
) {
  const id = await companyScope(deps.db, caller, companyId);
  const sellerId = input.seller_id ?? null;
  if (sellerId !== null && !(await findSeller(deps.db, sellerId)))
    throw badRequest(CONTRACT_MSG.sellerNotFound);
  const startDate = brDateToIso(input.start_date);
  if (!startDate) throw badRequest(CONTRACT_MSG.startDateInvalid);
  const dueText = input.due_date?.trim() ?? '';
  await saveContract(deps.db, id, {
    startDate,
    dueDate: dueText ? brDateToIso(dueText) : null,
    rules: [...input.rules]
      .sort((a, b) => a.start_limit - b.start_limit)
      .map((r) => ({ start_limit: r.start_limit, end_limit: r.end_limit, value: cents(r.value) })),
    numberValue: cents(input.number_value),
    observation: input.observation.trim(),
    sellerId,
  });
  return { message: CONTRACT_MSG.saved };
}
