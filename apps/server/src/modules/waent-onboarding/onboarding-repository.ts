import type { TCodeMethod } from '@prosa/shared/waent-onboarding-texts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// The onboarding state of a WhatsApp Enterprise number, kept in its channel's config (spec 2 §3 field names).
// Writes merge keys into the jsonb, so the channel's own settings are never rewritten from a stale read.

export type OnboardingConfig = {
  code_method?: TCodeMethod | null;
  code_requested_at?: string | null;
  code_verified?: boolean;
  link_with_phonenumber?: boolean;
  link_with_facebook?: boolean;
  migrated_channel?: boolean;
  waent_channel_id?: number | null;
  requested_app_deletion?: boolean;
  migration_channel_disabled?: boolean;
  waba_id?: string;
};

export type OnboardingRow = {
  id: number;
  companyId: number;
  name: string;
  phoneNumberId: string;
  config: Record<string, unknown> & OnboardingConfig;
};

const isWaent = eq(channels.kind, 'waent');

export async function findWaentChannel(db: Db, companyId: number, id: number): Promise<OnboardingRow | null> {
  const [row] = await db
    .select({
      id: channels.id,
      companyId: channels.companyId,
      name: channels.name,
      phoneNumberId: channels.routeKey,
      config: channels.config,
    })
    .from(channels)
    .where(ofCompany(channels, companyId, isWaent, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function patchOnboarding(
  db: Db,
  companyId: number,
  id: number,
  patch: OnboardingConfig,
  extra: { routeKey?: string; accessTokenSealed?: string } = {},
) {
  await db
    .update(channels)
    .set({
      config: sql`${channels.config} || ${JSON.stringify(patch)}::jsonb`,
      ...(extra.routeKey ? { routeKey: extra.routeKey } : {}),
      ...(extra.accessTokenSealed
        ? {
            secretsSealed: sql`${channels.secretsSealed} || ${JSON.stringify({ access_token: extra.accessTokenSealed })}::jsonb`,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(ofCompany(channels, companyId, isWaent, eq(channels.id, id)), isNull(channels.deletedAt)));
}
