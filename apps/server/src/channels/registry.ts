import type { ChannelAdapter } from './port';

export type ChannelRegistry = {
  /** The adapter of a kind; null for a kind without one. */
  get(kind: string): ChannelAdapter | null;
};

/** Adapters by kind (one per kind; a second one for the same kind is a programming error). */
export function createChannelRegistry(adapters: readonly ChannelAdapter[]): ChannelRegistry {
  const byKind = new Map<string, ChannelAdapter>();
  for (const adapter of adapters) {
    if (byKind.has(adapter.kind)) throw new Error(`dois adaptadores para o tipo de canal ${adapter.kind}`);
    byKind.set(adapter.kind, adapter);
  }
  return { get: (kind) => byKind.get(kind) ?? null };
}
