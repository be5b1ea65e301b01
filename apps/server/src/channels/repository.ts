import { eq } from 'drizzle-orm';
import { type ChannelRow, channels } from '../db/schema/channels';
import { decryptSecret } from '../platform/crypto';
import type { Db } from '../platform/db';
import type { OpenChannel } from './port';
import type { ChannelRegistry } from './registry';

export type ChannelRepository = {
  /** A company's channel, removed or not (see OpenChannel.deletedAt); null when none or its kind has no adapter. */
  find(companyId: number, id: number): Promise<OpenChannel | null>;
  /** A channel by its id alone: webhooks name the channel in their path, not the company. */
  findById(id: number): Promise<OpenChannel | null>;
  /** Drops the cached copy; every operation that saves or removes a channel calls it. */
  forget(id: number): void;
};

const TTL_MS = 60_000;

/**
 * Channels as their adapters use them, from the `channels` table: the config checked by the kind's schema, the
 * secrets unsealed with the app secret. Kept for a minute by id (a webhook or a send does not pay a query and an
 * AES unseal each time); a change made by this process is seen at once through forget().
 */
export function createChannelRepository(deps: {
  db: Db;
  appSecret: string;
  registry: ChannelRegistry;
  ttlMs?: number;
  now?: () => number;
}): ChannelRepository {
  const ttl = deps.ttlMs ?? TTL_MS;
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { at: number; channel: OpenChannel }>();

  const open = (row: ChannelRow): OpenChannel | null => {
    const adapter = deps.registry.get(row.kind);
    if (!adapter) return null;
    const config = adapter.config.safeParse(row.config);
    if (!config.success) return null;
    return {
      companyId: row.companyId,
      id: row.id,
      kind: adapter.kind,
      name: row.name,
      defaultSectorId: row.defaultSectorId,
      active: row.active,
      routeKey: row.routeKey,
      ratePerSecond: row.ratePerSecond,
      config: config.data,
      secrets: unseal(row.secretsSealed, deps.appSecret),
      deletedAt: row.deletedAt,
    };
  };

  const load = async (id: number) => {
    const hit = cache.get(id);
    if (hit && now() - hit.at < ttl) return hit.channel;
    cache.delete(id);
    const [row] = await deps.db.select().from(channels).where(eq(channels.id, id)).limit(1);
    const channel = row ? open(row) : null;
    if (channel) cache.set(id, { at: now(), channel });
    return channel;
  };

  return {
    async find(companyId, id) {
      const channel = await load(id);
      return channel?.companyId === companyId ? channel : null;
    },
    findById: load,
    forget(id) {
      cache.delete(id);
    },
  };
}

/**
 * The sealed secrets, opened. An empty one stays empty (never set); one that cannot be opened (another app
 * secret, a damaged value) throws, as a channel that cannot authenticate must not be used.
 */
function unseal(sealed: Record<string, string>, appSecret: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sealed).map(([name, value]) => [name, value ? decryptSecret(value, appSecret) : '']),
  );
}
