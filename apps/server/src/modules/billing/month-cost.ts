import { computeContractCost, type TContractCost } from '@prosa/shared/contract-cost';
import type { Db } from '../../platform/db';
import { calendarDate } from '../contracts/calendar';
import { companyNumbers } from '../contracts/company-numbers';
import { findBilledUsers, findContract } from '../contracts/repository';

const reais = (cents: number) => cents / 100;

/**
 * A company's contract cost in one month, computed as the contract screen computes it (shared
 * computeContractCost over the same billed users and numbers). Null when the company has no contract.
 */
export async function monthCost(
  db: Db,
  company: { id: number; timezone: string },
  month: string,
): Promise<TContractCost | null> {
  const found = await findContract(db, company.id);
  if (!found) return null;
  const row = found.contract;
  const tz = company.timezone;
  const [users, numbers] = await Promise.all([
    findBilledUsers(db, company.id),
    companyNumbers(db, company.id, tz),
  ]);
  return computeContractCost({
    month,
    contract: {
      start_date: row.startDate,
      due_date: row.dueDate,
      rules: row.rules.map((r) => ({ ...r, value: reais(r.value) })),
      number_value: reais(row.numberValue),
    },
    users: users.map((u) => ({
      id: u.id,
      name: u.name,
      created_at: calendarDate(u.createdAt, tz),
      inactive_since: u.inactiveSince ? calendarDate(u.inactiveSince, tz) : null,
    })),
    numbers,
  });
}
