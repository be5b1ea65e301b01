import { ROLE } from '@prosa/shared/roles';
import { WAENT_MSG } from '@prosa/shared/waent';
import type { TOnboardingState } from '@prosa/shared/waent-onboarding';
import { asWaent } from '../../channels/waent/config';
import { type GraphChannel, graphOf } from '../../channels/waent/graph-client';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { NumberGraphError } from './number-graph';
import { findWaentChannel, type OnboardingRow } from './onboarding-repository';

// What the onboarding operations share: the company's number with its Cloud API side, and its state as the
// screen reads it.

export type OnbDeps = Pick<AppDeps, 'db' | 'appSecret' | 'config' | 'outbound' | 'channelRepository'>;

export async function loadNumber(
  deps: OnbDeps,
  caller: Pick<Caller, 'companyId'>,
  id: number,
): Promise<{ row: OnboardingRow; graph: GraphChannel }> {
  const row = await findWaentChannel(deps.db, caller.companyId, id);
  const open = row ? asWaent(await deps.channelRepository.find(caller.companyId, id)) : null;
  if (!row || !open) throw notFound(WAENT_MSG.notFound);
  return { row, graph: graphOf(open, deps.outbound) };
}

/** A provider's refusal as the person reads it (400 with Meta's message); anything else as it was. */
export function asUserError(err: unknown): unknown {
  return err instanceof NumberGraphError ? badRequest(err.message) : err;
}

const flag = (v: unknown) => v === true;

export function toState(row: OnboardingRow, role: number): TOnboardingState {
  const c = row.config;
  const migrated = flag(c.migrated_channel);
  const waba = typeof c.waba_id === 'string' ? c.waba_id : '';
  return {
    channel_id: row.id,
    name: row.name,
    phone_number: typeof c.phone_number === 'string' ? c.phone_number : null,
    phone_number_id: row.phoneNumberId,
    code_method: c.code_method === 'SMS' || c.code_method === 'VOICE' ? c.code_method : null,
    code_requested_at: typeof c.code_requested_at === 'string' ? c.code_requested_at : null,
    code_verified: flag(c.code_verified),
    link_with_phonenumber: flag(c.link_with_phonenumber),
    link_with_facebook: flag(c.link_with_facebook),
    migrated_channel: migrated,
    waent_channel_id: typeof c.waent_channel_id === 'number' ? c.waent_channel_id : null,
    requested_app_deletion: flag(c.requested_app_deletion),
    migration_channel_disabled: flag(c.migration_channel_disabled),
    // Spec 2 §6: Meta links on WhatsApp channels for admin or above, or a migrated channel.
    meta_url:
      (role >= ROLE.admin || migrated) && waba
        ? `https://business.facebook.com/wa/manage/phone-numbers/?waba_id=${encodeURIComponent(waba)}`
        : null,
  };
}
