import type { TCostNumber } from '@prosa/shared/contract-cost';
import type { Db } from '../../platform/db';

/**
 * The company's phone numbers a contract bills (number_value each). There are no phone-number channels yet:
 * they arrive with the WhatsApp issue, which fills this in; the cost computation and its screen already
 * handle any number of them.
 */
export async function companyNumbers(_db: Db, _companyId: number): Promise<TCostNumber[]> {
  return [];
}
