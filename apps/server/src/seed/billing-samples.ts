import { channelKindsWith } from '@prosa/shared/channel-capabilities';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { contracts } from '../db/schema/admin';
import { channels } from '../db/schema/channels';
import { companies } from '../db/schema/companies';
import { users } from '../db/schema/users';
import { issueInvoices, shiftMonth } from '../modules/billing/issue-invoices';
import { currentMonth } from '../modules/contracts/calendar';
import type { AppDeps } from '../platform/deps';

/**
 * Demo data (issue 21): the demo company's invoices of the two months before the current one, issued by the same
 * operation as the monthly job (idempotent). Without a contract the company gets one that started three months
 * ago, and its users and numbers count as in use since then (a fresh demo creates them today, which would leave
 * the closed months with nothing to bill).
 */
export async function seedBillingSamples(deps: Pick<AppDeps, 'db' | 'storage'>): Promise<void> {
  const { db } = deps;
  const [demo] = await db
    .select({ id: companies.id, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.name, 'Empresa Demo'));
  if (!demo) return;
  const month = currentMonth(demo.timezone);
  const [contract] = await db.select().from(contracts).where(eq(contracts.companyId, demo.id));
  if (!contract) {
    const start = `${shiftMonth(month, -3)}-01`;
    await db.insert(contracts).values({
      companyId: demo.id,
      startDate: start,
      rules: [
        { start_limit: 1, end_limit: 5, value: 8990 },
        { start_limit: 6, end_limit: 50, value: 6990 },
      ],
      numberValue: 4990,
      observation: 'Contrato de demonstração',
    });
    const since = new Date(`${start}T12:00:00Z`);
    await db
      .update(users)
      .set({ createdAt: since })
      .where(and(eq(users.companyId, demo.id), gt(users.createdAt, since)));
    await db
      .update(channels)
      .set({ createdAt: since })
      .where(
        and(
          eq(channels.companyId, demo.id),
          gt(channels.createdAt, since),
          inArray(
            channels.kind,
            channelKindsWith((c) => c.contactAddress === 'phone'),
          ),
        ),
      );
  }
  for (const back of [2, 1]) {
    await issueInvoices(deps, { companyId: demo.id, month: shiftMonth(month, -back) });
  }
}
