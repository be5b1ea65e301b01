import {
  CURRENT_RELEASE,
  compareVersions,
  findRelease,
  isReleaseVersion,
  RELEASE_MSG,
  RELEASES,
} from '@prosa/shared/releases';
import type { TReleasesOutput } from '@prosa/shared/releases-schemas';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { readReleaseSeen, recordReleaseSeen } from './repository';

/** The release notes, or one version's, and whether the caller still has the current version's to see. */
export async function getReleases(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { version?: string },
): Promise<TReleasesOutput> {
  const asked = input.version === undefined ? undefined : findRelease(input.version);
  if (input.version !== undefined && !asked) throw notFound(RELEASE_MSG.notFound);
  const seen = await readReleaseSeen(deps, caller);
  let unseen = false;
  // No mark yet (new users, everyone when this shipped): the current notes count as seen, shown only on request.
  if (seen === undefined || !isReleaseVersion(seen)) {
    await recordReleaseSeen(deps, caller, CURRENT_RELEASE.version);
  } else {
    unseen = compareVersions(seen, CURRENT_RELEASE.version) < 0;
  }
  return {
    version: CURRENT_RELEASE.version,
    releases: asked ? [asked] : [...RELEASES],
    unseen,
  };
}
