import {
  CURRENT_RELEASE,
  compareVersions,
  findRelease,
  isReleaseVersion,
  RELEASE_MSG,
} from '@prosa/shared/releases';
import type { TReleaseSeenOutput } from '@prosa/shared/releases-schemas';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { readReleaseSeen, recordReleaseSeen } from './repository';

/** The user saw a version's notes: the mark moves up to it (never back) and says what is still unseen. */
export async function markReleaseSeen(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { version: string },
): Promise<TReleaseSeenOutput> {
  if (!findRelease(input.version)) throw notFound(RELEASE_MSG.notFound);
  await recordReleaseSeen(deps, caller, input.version);
  const seen = await readReleaseSeen(deps, caller);
  const version = seen !== undefined && isReleaseVersion(seen) ? seen : input.version;
  return { version, unseen: compareVersions(version, CURRENT_RELEASE.version) < 0 };
}
