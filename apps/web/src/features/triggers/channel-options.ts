import { TRIGGER_MSG } from '@prosa/shared/triggers';
import type { TTriggerChannel } from './api';

/** Channels for a Select, grouped by kind ("Web chat", "WhatsApp Enterprise"), by name inside each. */
export function channelOptions(
  channels: readonly Pick<TTriggerChannel, 'id' | 'name' | 'kind_label'>[],
  except: number | null = null,
): { group: string; items: { value: string; label: string }[] }[] {
  const groups = new Map<string, { value: string; label: string }[]>();
  const sorted = [...channels].sort(
    (a, b) => a.kind_label.localeCompare(b.kind_label, 'pt-BR') || a.name.localeCompare(b.name, 'pt-BR'),
  );
  for (const c of sorted) {
    if (c.id === except) continue;
    const items = groups.get(c.kind_label) ?? [];
    items.push({ value: String(c.id), label: `${c.name} (${c.kind_label})` });
    groups.set(c.kind_label, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The problem with a choice of source and target (spec 2 §5: both set and different), or null. */
export function copyProblem(from: number | null, to: number | null): string | null {
  if (from === null || to === null) return TRIGGER_MSG.copyMissing;
  if (from === to) return TRIGGER_MSG.copySame;
  return null;
}
