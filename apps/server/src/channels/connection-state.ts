import type { TChannelKind } from '@prosa/shared/channels';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { channels, type TConnectionState } from '../db/schema/channels';
import type { Db } from '../platform/db';
import type { TConnection } from './port';

// The connection state a connected channel shows (Conectado / Erro), for the kinds whose connection the server
// holds itself (Telegram polling, e-mail reading): written when it changes, with since.

type ChannelRef = { companyId: number; id: number; kind: TChannelKind };

export async function setConnectionState(
  db: Db,
  ch: ChannelRef,
  state: TConnectionState,
  error: string | null = null,
): Promise<void> {
  await db
    .update(channels)
    .set({ connectionState: state, connectionError: error, connectionSince: new Date() })
    .where(
      and(
        eq(channels.companyId, ch.companyId),
        eq(channels.id, ch.id),
        eq(channels.kind, ch.kind),
        isNull(channels.deletedAt),
        // Only a change moves `since`.
        or(ne(channels.connectionState, state), sql`${channels.connectionError} is distinct from ${error}`),
      ),
    );
}

export async function readConnectionState(db: Db, ch: ChannelRef): Promise<TConnection> {
  const [row] = await db
    .select({
      state: channels.connectionState,
      since: channels.connectionSince,
      error: channels.connectionError,
    })
    .from(channels)
    .where(and(eq(channels.companyId, ch.companyId), eq(channels.id, ch.id)))
    .limit(1);
  return row ?? { state: 'none', since: null, error: null };
}
