import type { TContract, TContractOutput } from '@prosa/shared/contract';
import { computeContractCost } from '@prosa/shared/contract-cost';
import { isoToBrDate } from '@prosa/shared/dates';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';
import { calendarDate, currentMonth } from './calendar';
import { companyNumbers } from './company-numbers';
import { findBilledUsers, findContract } from './repository';

const reais = (cents: number) => cents / 100;

/** GET /contracts/{companyId}: the contract and its usage cost in a month (default: the current one). */
export async function getContract(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
  month?: string,
): Promise<TContractOutput> {
  const id = await companyScope(deps.db, caller, companyId);
  const company = await findCompany(deps.db, id);
  if (!company) throw notFound();
  const found = await findContract(deps.db, id);
  const row = found?.contract;
  const rules = (row?.rules ?? []).map((r) => ({ ...r, value: reais(r.value) }));
  const contract: TContract = {
    saved: row !== undefined,
    start_date: isoToBrDate(row?.startDate ?? null),
    due_date: isoToBrDate(row?.dueDate ?? null),
    rules,
    number_value: reais(row?.numberValue ?? 0),
    observation: row?.observation ?? '',
    seller_id: row?.sellerId ?? null,
    seller_name: found?.sellerName ?? null,
  };
  const tz = company.timezone;
  const [users, numbers] = await Promise.all([findBilledUsers(deps.db, id), companyNumbers(deps.db, id, tz)]);
  const cost = computeContractCost({
    month: month ?? currentMonth(tz),
    contract: {
      start_date: row?.startDate ?? null,
      due_date: row?.dueDate ?? null,
      rules,
      number_value: contract.number_value,
    },
    users: users.map((u) => ({
      id: u.id,
      name: u.name,
      created_at: calendarDate(u.createdAt, tz),
      inactive_since: u.inactiveSince ? calendarDate(u.inactiveSince, tz) : null,
    })),
    numbers,
  });
  return { contract, cost };
}
