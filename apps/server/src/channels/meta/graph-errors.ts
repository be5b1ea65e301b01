import { META_MSG } from '@prosa/shared/meta';
import { and, eq, sql } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import type { ChannelCtx, SendResult } from '../port';
import { CHANNELS_CHANNEL } from '../repository';
import { GraphError } from './graph-client';

// Spec 2 §8: codes 230 or an OAuthException → authenticate again; 10, 190, 200, 299 → link the page again (both
// leave the page needs_reauth, shown not connected); other codes → the provider's message.

const RELINK = new Set([10, 190, 200, 299]);

export type GraphOutcome = { result: Exclude<SendResult, { state: 'sent' }>; reauth: boolean };

export function graphErrorOutcome(err: unknown, partsSent: number): GraphOutcome {
  if (!(err instanceof GraphError))
    // No answer (network, timeout, the outbound guard): it may have been accepted, never send it again.
    return {
      result: {
        state: 'error',
        error: err instanceof Error ? err.message : String(err),
        unknownOutcome: true,
      },
      reauth: false,
    };
  const provider = `${err.code ?? err.status} ${err.message}`;
  if (err.code !== null && RELINK.has(err.code))
    return { result: { state: 'error', error: `${META_MSG.relink} (${provider})` }, reauth: true };
  if (err.code === 230 || err.type === 'OAuthException')
    return { result: { state: 'error', error: `${META_MSG.reauth} (${provider})` }, reauth: true };
  if (err.retryable)
    return {
      result: {
        state: 'retry',
        error: provider,
        retryAfterMs: null,
        ...(partsSent > 0 ? { partsSent } : {}),
      },
      reauth: false,
    };
  return { result: { state: 'error', error: provider }, reauth: false };
}

/** The page whose token Meta refused is marked needs_reauth (every node drops its copy of it). */
export async function markNeedsReauth(ctx: ChannelCtx, page: { companyId: number; pageId: string }) {
  const rows = await ctx.db
    .update(channels)
    .set({ config: sql`${channels.config} || '{"needs_reauth": true}'::jsonb`, updatedAt: new Date() })
    .where(
      and(
        eq(channels.companyId, page.companyId),
        eq(channels.kind, 'fa'),
        eq(channels.routeKey, page.pageId),
        sql`${channels.deletedAt} is null`,
      ),
    )
    .returning({ id: channels.id });
  for (const r of rows) await ctx.db.execute(sql`select pg_notify(${CHANNELS_CHANNEL}, ${String(r.id)})`);
}
