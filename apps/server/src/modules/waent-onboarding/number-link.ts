import type {
  TLinkPhonenumberInput,
  TRequestCodeInput,
  TSendCodeInput,
} from '@prosa/shared/waent-onboarding';
import { WAENT_ONB_MSG } from '@prosa/shared/waent-onboarding-texts';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { requestCode as graphRequestCode, registerNumber, verifyCode } from './number-graph';
import { asUserError, loadNumber, type OnbDeps, toState } from './onboarding-channel';
import { patchOnboarding } from './onboarding-repository';

// Linking a number by code (spec 2 §4, §7): requestCode (SMS or VOICE) → sendCode (the code received) →
// linkPhonenumber (register with the PIN). Each step asks Meta first and keeps the state only when Meta agreed.

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw asUserError(err);
  }
}

export async function requestNumberCode(deps: OnbDeps, caller: Caller, input: TRequestCodeInput) {
  const { row, graph } = await loadNumber(deps, caller, input.channel);
  await guarded(() => graphRequestCode(graph, input.requestMethod));
  await patchOnboarding(deps.db, caller.companyId, row.id, {
    code_method: input.requestMethod,
    code_requested_at: new Date().toISOString(),
    code_verified: false,
  });
  await deps.channelRepository.forget(row.id);
  return { phone_number_id: row.phoneNumberId, message: WAENT_ONB_MSG.codeRequested };
}

export async function sendNumberCode(deps: OnbDeps, caller: Caller, input: TSendCodeInput) {
  const { row, graph } = await loadNumber(deps, caller, input.channel);
  if (!row.config.code_requested_at) throw badRequest(WAENT_ONB_MSG.requestFirst);
  await guarded(() => verifyCode(graph, input.registerNumber));
  await patchOnboarding(deps.db, caller.companyId, row.id, { code_verified: true });
  await deps.channelRepository.forget(row.id);
  const fresh = await loadNumber(deps, caller, row.id);
  return toState(fresh.row, caller.role);
}

export async function linkPhonenumber(deps: OnbDeps, caller: Caller, input: TLinkPhonenumberInput) {
  const { row, graph } = await loadNumber(deps, caller, input.channel);
  if (!row.config.code_verified) throw badRequest(WAENT_ONB_MSG.requestFirst);
  await guarded(() => registerNumber(graph, input.registerNumber));
  await patchOnboarding(deps.db, caller.companyId, row.id, { link_with_phonenumber: true });
  await deps.channelRepository.forget(row.id);
  const fresh = await loadNumber(deps, caller, row.id);
  return toState(fresh.row, caller.role);
}
