import { WAENT_ONB_MSG } from '@prosa/shared/waent-onboarding-texts';
import type { Caller } from '../../platform/deps';
import { numberInfo } from './number-graph';
import { loadNumber, type OnbDeps, toState } from './onboarding-channel';
import { patchOnboarding } from './onboarding-repository';

/** The number's onboarding state; while the app's removal was requested, asks Meta whether it is gone. */
export async function numberState(deps: OnbDeps, caller: Caller, id: number) {
  let { row, graph } = await loadNumber(deps, caller, id);
  if (row.config.requested_app_deletion === true) {
    // The WhatsApp Business app left the number once Meta serves it on the Cloud API; a failed look is retried
    // by the next poll (the screen asks every 30 s), not shown as an error.
    const info = await numberInfo(graph).catch(() => null);
    if (info?.platform_type === 'CLOUD_API') {
      await patchOnboarding(deps.db, caller.companyId, id, { requested_app_deletion: false });
      await deps.channelRepository.forget(id);
      ({ row, graph } = await loadNumber(deps, caller, id));
    }
  }
  return toState(row, caller.role);
}

/**
 * removeWhatsappChannel: the number leaves the WhatsApp Business app (the person removes the app from the phone);
 * the state says so until Meta serves the number on the Cloud API.
 */
export async function removeWhatsappChannel(deps: OnbDeps, caller: Caller, id: number) {
  const { row } = await loadNumber(deps, caller, id);
  await patchOnboarding(deps.db, caller.companyId, row.id, {
    requested_app_deletion: true,
    migration_channel_disabled: true,
  });
  await deps.channelRepository.forget(row.id);
  return { message: WAENT_ONB_MSG.appRemovalRequested };
}
