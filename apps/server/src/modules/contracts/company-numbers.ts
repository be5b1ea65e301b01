import type { TCostNumber } from '@prosa/shared/contract-cost';
import { asc, isNull } from 'drizzle-orm';
import { waentChannels } from '../../db/schema/waent';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';
import { calendarDate } from './calendar';

/**
 * The company's phone numbers a contract bills (number_value each, from the day they were added): today its
 * live WhatsApp Enterprise numbers. Each later number-bearing channel kind adds its own rows here.
 */
export async function companyNumbers(db: Db, companyId: number, timezone: string): Promise<TCostNumber[]> {
  const waent = await db
    .select({
      id: waentChannels.id,
      name: waentChannels.name,
      phoneNumber: waentChannels.phoneNumber,
      createdAt: waentChannels.createdAt,
    })
    .from(waentChannels)
    .where(ofCompany(waentChannels, companyId, isNull(waentChannels.deletedAt)))
    .orderBy(asc(waentChannels.createdAt), asc(waentChannels.id));
  return waent.map((c) => ({
    id: c.id,
    label: c.phoneNumber
      ? `WhatsApp Enterprise · ${c.name} (${c.phoneNumber})`
      : `WhatsApp Enterprise · ${c.name}`,
    created_at: calendarDate(c.createdAt, timezone),
  }));
}
