import { TRIGGER_MSG } from '@prosa/shared/triggers';
import { describe, expect, it } from 'vitest';
import { channelOptions, copyProblem } from './channel-options';

describe('copy triggers', () => {
  it('needs a source and a target, and they must differ', () => {
    expect(copyProblem(null, 2)).toBe(TRIGGER_MSG.copyMissing);
    expect(copyProblem(1, null)).toBe(TRIGGER_MSG.copyMissing);
    expect(copyProblem(3, 3)).toBe(TRIGGER_MSG.copySame);
    expect(copyProblem(1, 2)).toBeNull();
  });
});

describe('channel options', () => {
  it('groups channels by kind, sorted, and can leave one out', () => {
    const channels = [
      { id: 1, name: 'Site', kind_label: 'Web chat' },
      { id: 2, name: 'Vendas', kind_label: 'WhatsApp Enterprise' },
      { id: 3, name: 'Loja', kind_label: 'Web chat' },
    ];
    expect(channelOptions(channels)).toEqual([
      {
        group: 'Web chat',
        items: [
          { value: '3', label: 'Loja (Web chat)' },
          { value: '1', label: 'Site (Web chat)' },
        ],
      },
      { group: 'WhatsApp Enterprise', items: [{ value: '2', label: 'Vendas (WhatsApp Enterprise)' }] },
    ]);
    expect(channelOptions(channels, 1)[0]?.items).toEqual([{ value: '3', label: 'Loja (Web chat)' }]);
  });
});
