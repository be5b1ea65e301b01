import { RELEASE_VERSION_PATTERN } from '@prosa/shared/releases';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { AppDeps } from '../../platform/deps';
import { ofCompany } from '../../platform/tenancy';

type Who = { companyId: number; userId: number };

// The same pattern as the shared one, for PostgreSQL's regex (no lookarounds there either).
const VERSION_REGEX = RELEASE_VERSION_PATTERN.source;

/** The version whose notes the user last saw (users.settings.release_seen), undefined when none is kept. */
export async function readReleaseSeen(deps: Pick<AppDeps, 'db'>, who: Who): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ seen: sql<string | null>`${users.settings}->>'release_seen'` })
    .from(users)
    .where(ofCompany(users, who.companyId, eq(users.id, who.userId)));
  return row?.seen ?? undefined;
}

/**
 * Records `version` as seen, merged into the user's settings. The condition is in the UPDATE itself, so two
 * tabs racing never move the mark backwards: only a missing, malformed or older (number by number) mark changes.
 */
export async function recordReleaseSeen(deps: Pick<AppDeps, 'db'>, who: Who, version: string): Promise<void> {
  const seen = sql`${users.settings}->>'release_seen'`;
  await deps.db
    .update(users)
    .set({
      settings: sql`${users.settings} || jsonb_build_object('release_seen', ${version}::text)`,
    })
    .where(
      ofCompany(
        users,
        who.companyId,
        eq(users.id, who.userId),
        // CASE, not OR: PostgreSQL may evaluate OR's sides in any order, and a malformed mark must not reach the cast.
        sql`case when ${seen} is null or ${seen} !~ ${VERSION_REGEX} then true
          else string_to_array(${seen}, '.')::int[] < string_to_array(${version}::text, '.')::int[] end`,
      ),
    );
}
