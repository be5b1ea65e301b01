import { MESSENGER_MSG } from '@prosa/shared/messenger';
import { MESSENGER_FLAG } from '@prosa/shared/messenger-constants';
import { sql } from 'drizzle-orm';
import type { AppDeps, Caller } from '../../platform/deps';
import { forbidden } from '../../platform/errors';

/** The internal messenger is a company feature (allow.internal_messenger); off, every call is refused. */
export async function requireMessenger(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<void> {
  const r = await deps.db.execute<{ on: boolean | null }>(sql`
    select coalesce(metadata->'allow'->>${MESSENGER_FLAG} = 'true', false) as on from companies where id = ${caller.companyId}`);
  if (r.rows[0]?.on !== true) throw forbidden(MESSENGER_MSG.disabled);
}
