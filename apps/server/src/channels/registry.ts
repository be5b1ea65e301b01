import type { TChannelKind } from '@prosa/shared/channels';
import type { EventBus } from '../platform/events';
import type { ChannelAdapter } from './types';
import { type WaentAdapterDeps, waentAdapter } from './waent/adapter';
import { webchatAdapter } from './webchat/adapter';

export type ChannelRegistry = { get: (kind: string) => ChannelAdapter | null };

/** Adapters by kind; the external ones (WhatsApp Enterprise) load their channel from the database. */
export function createChannelRegistry(events: EventBus, deps: WaentAdapterDeps): ChannelRegistry {
  const adapters = new Map<TChannelKind, ChannelAdapter>([
    ['web', webchatAdapter(events)],
    ['waent', waentAdapter(deps)],
  ]);
  return { get: (kind) => adapters.get(kind as TChannelKind) ?? null };
}
