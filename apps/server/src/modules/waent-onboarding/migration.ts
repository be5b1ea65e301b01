import { WAENT_MSG } from '@prosa/shared/waent';
import type { TMigrationInfo } from '@prosa/shared/waent-onboarding';
import { WAENT_ONB_MSG } from '@prosa/shared/waent-onboarding-texts';
import { encryptSecret } from '../../platform/crypto';
import type { Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { numberTaken } from '../waent/repository';
import { exchangeSignupCode, grantedWabas, signupDialogUrl, wabaNumbers } from './meta-signup';
import { createMigrationHash, readMigrationHash } from './migration-hash';
import { asUserError, loadNumber, type OnbDeps, toState } from './onboarding-channel';
import { patchOnboarding } from './onboarding-repository';

// The WhatsApp Business migration (spec 2 §4, §7): generateMigrationHash names the number in a signed link;
// the migration screen reads it (decryptMigrationHash) and, after the embedded signup, saves the Facebook infos:
// the business token, the WABA and the number's id — the channel becomes migrated, waent_channel_id set.

export async function generateMigrationHash(deps: OnbDeps, caller: Caller, channelId: number) {
  const { row } = await loadNumber(deps, caller, channelId);
  return {
    channel_url_hash: createMigrationHash({ channelId: row.id, companyId: caller.companyId }, deps.appSecret),
  };
}

/** The number a hash names, for the caller's company only (another company's link is an unknown one). */
async function numberOfHash(deps: OnbDeps, caller: Caller, hash: string) {
  const claims = readMigrationHash(hash, deps.appSecret);
  if (!claims) throw badRequest(WAENT_ONB_MSG.migrationInvalid);
  if (claims.companyId !== caller.companyId) throw notFound(WAENT_ONB_MSG.migrationInvalid);
  return loadNumber(deps, caller, claims.channelId);
}

export async function decryptMigrationHash(
  deps: OnbDeps,
  caller: Caller,
  hash: string,
): Promise<TMigrationInfo> {
  const { row } = await numberOfHash(deps, caller, hash);
  const signupUrl = signupDialogUrl(deps.config, hash);
  if (!signupUrl) throw badRequest(WAENT_ONB_MSG.migrationUrlError);
  return { state: toState(row, caller.role), signup_url: signupUrl };
}

const digits = (s: unknown) => (typeof s === 'string' ? s.replace(/\D/g, '') : '');

export async function saveFacebookInfos(
  deps: OnbDeps,
  caller: Caller,
  input: { params: string; code: string },
) {
  const { row } = await numberOfHash(deps, caller, input.params);
  try {
    const token = await exchangeSignupCode(deps, input.code);
    const [wabaId] = await grantedWabas(deps, token);
    if (!wabaId) throw badRequest(WAENT_ONB_MSG.noWaba);
    const numbers = await wabaNumbers(deps, token, wabaId);
    // The number of this channel among the WABA's (by its digits), else the one the WABA has.
    const phone = digits(row.config.phone_number);
    const number =
      numbers.find((n) => phone && digits(n.display_phone_number).endsWith(phone.slice(-8))) ??
      (numbers.length === 1 ? numbers[0] : undefined);
    if (!number) throw badRequest(WAENT_ONB_MSG.disconnected);
    if (number.id !== row.phoneNumberId && (await numberTaken(deps.db, number.id, row.id)))
      throw badRequest(WAENT_MSG.duplicateNumber);
    await patchOnboarding(
      deps.db,
      caller.companyId,
      row.id,
      {
        waba_id: wabaId,
        link_with_facebook: true,
        migrated_channel: true,
        waent_channel_id: row.id,
      },
      { routeKey: number.id, accessTokenSealed: encryptSecret(token, deps.appSecret) },
    );
  } catch (err) {
    throw asUserError(err);
  }
  await deps.channelRepository.forget(row.id);
  const fresh = await loadNumber(deps, caller, row.id);
  return toState(fresh.row, caller.role);
}
