import type { TChannelKind } from '@prosa/shared/channels';
import type { EventBus } from '../platform/events';
import type { ChannelAdapter } from './types';
import { webchatAdapter } from './webchat/adapter';

export type ChannelRegistry = { get: (kind: string) => ChannelAdapter | null };

export function createChannelRegistry(events: EventBus): ChannelRegistry {
  const adapters = new Map<TChannelKind, ChannelAdapter>([['web', webchatAdapter(events)]]);
  return { get: (kind) => adapters.get(kind as TChannelKind) ?? null };
}
