import { channelKindsWith } from '@prosa/shared/channel-capabilities';
import { channelLabel } from '@prosa/shared/channels';
import type { TNumbersPage } from '@prosa/shared/waent-onboarding';
import { NUMBERS_PAGE_SIZE } from '@prosa/shared/waent-onboarding-texts';
import { and, asc, count, inArray, isNull } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { ofCompany } from '../../platform/tenancy';
import { findContract } from '../contracts/repository';

// Numbers (spec 2 §7 "Numbers: GET /channels paged 300"): the company's numbers — its live channels addressed by
// phone (the same set the contract bills, contracts/company-numbers.ts) — each with the contract's due_date.
const NUMBER_KINDS = channelKindsWith((c) => c.contactAddress === 'phone');

export async function listNumbers(db: Db, caller: Caller, page: number): Promise<TNumbersPage> {
  const where = ofCompany(
    channels,
    caller.companyId,
    and(inArray(channels.kind, NUMBER_KINDS), isNull(channels.deletedAt)),
  );
  const [total] = await db.select({ n: count() }).from(channels).where(where);
  const rows = await db
    .select({
      id: channels.id,
      kind: channels.kind,
      name: channels.name,
      active: channels.active,
      config: channels.config,
      connectionState: channels.connectionState,
    })
    .from(channels)
    .where(where)
    .orderBy(asc(channels.createdAt), asc(channels.id))
    .limit(NUMBERS_PAGE_SIZE)
    .offset((page - 1) * NUMBERS_PAGE_SIZE);
  const dueDate = (await findContract(db, caller.companyId))?.contract.dueDate ?? null;
  return {
    data: rows.map((c) => ({
      id: c.id,
      name: c.name,
      kind: c.kind,
      kind_label: channelLabel(c.kind),
      phone_number:
        typeof c.config.phone_number === 'string' && c.config.phone_number ? c.config.phone_number : null,
      active: c.active,
      connection_state: c.connectionState,
      due_date: dueDate,
    })),
    total: total?.n ?? 0,
    page,
    per_page: NUMBERS_PAGE_SIZE,
  };
}
