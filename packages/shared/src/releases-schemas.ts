import { isReleaseVersion, RELEASE_MSG } from './releases';
import { z } from './zod';

// The release notes API's inputs and answers (GET /api/releases, POST /api/releases/seen).

export const ZReleaseVersion = z
  .string({ error: RELEASE_MSG.badVersion })
  .max(20, { error: RELEASE_MSG.badVersion })
  .refine(isReleaseVersion, { error: RELEASE_MSG.badVersion });

export const ZRelease = z.object({
  version: z.string(),
  date: z.string(),
  title: z.string(),
  items: z.array(z.object({ kind: z.enum(['novo', 'melhoria', 'correção']), text: z.string() })),
});

export const ZReleasesQuery = z.object({ version: ZReleaseVersion.optional() });

/** The whole list, or only the asked version when ?version= is given. */
export const ZReleasesOutput = z.object({
  version: z.string(),
  releases: z.array(ZRelease),
  unseen: z.boolean(),
});
export type TReleasesOutput = z.infer<typeof ZReleasesOutput>;

export const ZReleaseSeenInput = z.object({ version: ZReleaseVersion });

export const ZReleaseSeenOutput = z.object({ version: z.string(), unseen: z.boolean() });
export type TReleaseSeenOutput = z.infer<typeof ZReleaseSeenOutput>;
