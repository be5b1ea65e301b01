import { eq, sql } from 'drizzle-orm';
import { type ChannelRow, channels } from '../db/schema/channels';
import { createFactListener, type FactListener } from '../facts/fact-listener';
import { decryptSecret } from '../platform/crypto';
import type { Db } from '../platform/db';
import type { OpenChannel } from './port';
import type { ChannelRegistry } from './registry';

export type ChannelRepository = {
  /** A company's channel, removed or not (see OpenChannel.deletedAt); null when none or its kind has no adapter. */
  find(companyId: number, id: number): Promise<OpenChannel | null>;
  /** A channel by its id alone: webhooks name the channel in their path, not the company. */
  findById(id: number): Promise<OpenChannel | null>;
  /**
   * After a channel was saved or removed (committed): drops this node's copy at once and tells the other
   * nodes to drop theirs (`watchChannelChanges`). Every operation that saves or removes a channel calls it.
   */
  forget(id: number): Promise<void>;
  /** Drops this node's copy of one channel, or of all. */
  drop(id?: number): void;
};

/** The NOTIFY channel of channel changes; the payload is the channel's id. */
export const CHANNELS_CHANNEL = 'channels';

const TTL_MS = 60_000;

/**
 * Channels as their adapters use them, from the `channels` table: the config checked by the kind's schema, the
 * secrets unsealed with the app secret. Kept for a minute by id (a webhook or a send does not pay a query and an
 * AES unseal each time); a change is seen at once by every node through forget() (the minute is the bound only
 * for a notification lost while a node was reconnecting, and then it drops everything).
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
    async forget(id) {
      cache.delete(id);
      await deps.db.execute(sql`select pg_notify(${CHANNELS_CHANNEL}, ${String(id)})`);
    },
    drop(id) {
      if (id === undefined) cache.clear();
      else cache.delete(id);
    },
  };
}

/** Every node: drops its copy of a channel another node changed (forget), and all of them after a reconnection. */
export function watchChannelChanges(
  repository: ChannelRepository,
  opts: { url: string; log?: (msg: string, err?: unknown) => void },
): FactListener {
  return createFactListener({
    url: opts.url,
    channel: CHANNELS_CHANNEL,
    // Nothing to poll: a change is a notification, and the cache's minute bounds any missed one.
    pollMs: 3_600_000,
    onWake: () => {},
    onNotification: (payload) => {
      const id = Number(payload);
      if (Number.isSafeInteger(id)) repository.drop(id);
    },
    onConnect: () => repository.drop(),
    log: opts.log,
  });
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
