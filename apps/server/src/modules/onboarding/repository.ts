import type { TChannelKind } from '@prosa/shared/channels';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { contracts } from '../../db/schema/admin';
import { attendances } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

type Who = { companyId: number; userId: number };

// The web chat's channel kind (webchat/repository.ts).
const WEBCHAT_KIND: TChannelKind = 'web';

/** What the guide's steps are computed from: the company's own sectors, users, channels and web chat conversations. */
export async function onboardingFacts(db: Db, companyId: number) {
  const [sectorRow] = await db
    .select({ n: count() })
    .from(sectors)
    .where(ofCompany(sectors, companyId, isNull(sectors.deletedAt)));
  const [userRow] = await db
    .select({ n: count() })
    .from(users)
    .where(ofCompany(users, companyId, isNull(users.inactiveSince)));
  const [channelRow] = await db
    .select({ n: count() })
    .from(channels)
    .where(ofCompany(channels, companyId, isNull(channels.deletedAt)));
  const webchat = await db
    .select({ id: attendances.id })
    .from(attendances)
    .where(ofCompany(attendances, companyId, eq(attendances.channelKind, WEBCHAT_KIND)))
    .limit(1);
  return {
    sectors: sectorRow?.n ?? 0,
    users: userRow?.n ?? 0,
    channels: channelRow?.n ?? 0,
    webchatConversation: webchat.length > 0,
  };
}

/** The company's creation, its own trial_until (metadata) and whether it has a contract; null when not found. */
export async function trialFacts(db: Db, companyId: number) {
  const [row] = await db
    .select({
      createdAt: companies.createdAt,
      trialUntil: sql<unknown>`${companies.metadata}->'trial_until'`,
      contract: contracts.companyId,
    })
    .from(companies)
    .leftJoin(contracts, eq(contracts.companyId, companies.id))
    .where(eq(companies.id, companyId));
  return row
    ? { createdAt: row.createdAt, trialUntil: row.trialUntil, hasContract: row.contract !== null }
    : null;
}

/** The user's own settings object (users.settings). */
export async function readUserSettings(db: Db, who: Who): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ settings: users.settings })
    .from(users)
    .where(ofCompany(users, who.companyId, eq(users.id, who.userId)));
  return row?.settings ?? {};
}

/** Sets one key of the user's settings, merged in the UPDATE itself (no read-modify-write race). */
export async function setUserSetting(db: Db, who: Who, key: string, value: unknown): Promise<void> {
  await db
    .update(users)
    .set({
      settings: sql`${users.settings} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
    })
    .where(and(ofCompany(users, who.companyId, eq(users.id, who.userId))));
}
