import { channelKindsWith } from '@prosa/shared/channel-capabilities';
import { channelLabel } from '@prosa/shared/channels';
import type { TCostNumber } from '@prosa/shared/contract-cost';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';
import { calendarDate } from './calendar';

// The channel kinds whose contacts are reached by phone number: each such channel is a number the company holds.
const NUMBER_KINDS = channelKindsWith((c) => c.contactAddress === 'phone');

/**
 * The company's phone numbers a contract bills (number_value each, from the day they were added): its live
 * channels of the kinds addressed by phone (WhatsApp Enterprise and WhatsApp by QR code today).
 */
export async function companyNumbers(db: Db, companyId: number, timezone: string): Promise<TCostNumber[]> {
  const rows = await db
    .select({
      id: channels.id,
      kind: channels.kind,
      name: channels.name,
      config: channels.config,
      createdAt: channels.createdAt,
    })
    .from(channels)
    .where(
      ofCompany(channels, companyId, and(inArray(channels.kind, NUMBER_KINDS), isNull(channels.deletedAt))),
    )
    .orderBy(asc(channels.createdAt), asc(channels.id));
  return rows.map((c) => {
    const phone =
      typeof c.config.phone_number === 'string' && c.config.phone_number ? c.config.phone_number : null;
    const label = `${channelLabel(c.kind)} · ${c.name}`;
    return {
      id: c.id,
      label: phone ? `${label} (${phone})` : label,
      created_at: calendarDate(c.createdAt, timezone),
    };
  });
}
