import { describe, expect, it } from 'vitest';
import type { TStatus } from '../statuses/api';
import { needsConfirmation, statusColor, statusGroups } from './status-options';

const status = (over: Partial<TStatus> & { id: number; name: string }): TStatus => ({
  should_close: 0,
  should_require: false,
  use_in_bot: false,
  color: '4DABF7',
  ...over,
});

describe('statusGroups', () => {
  it('splits classifications and finalizations, leaving out bot-only finalizations', () => {
    const groups = statusGroups([
      status({ id: 1, name: 'Resolvido', should_close: 1 }),
      status({ id: 2, name: 'Em negociação' }),
      status({ id: 3, name: 'Encerrado pelo bot', should_close: 1, use_in_bot: true }),
      status({ id: 4, name: 'Aguardando retorno' }),
    ]);
    expect(groups.classification.map((s) => s.id)).toEqual([4, 2]);
    expect(groups.finalization.map((s) => s.id)).toEqual([1]);
  });
});

describe('needsConfirmation', () => {
  const fin = status({ id: 1, name: 'Resolvido', should_close: 1 });
  const cls = status({ id: 2, name: 'Em negociação' });

  it('follows the flag of the status kind', () => {
    expect(needsConfirmation(fin, { confirmCompletionStatus: true })).toBe(true);
    expect(needsConfirmation(cls, { confirmCompletionStatus: true })).toBe(false);
    expect(needsConfirmation(cls, { confirmClassificationStatus: true })).toBe(true);
    expect(needsConfirmation(fin, {})).toBe(false);
  });
});

describe('statusColor', () => {
  it('adds "#" to valid hex colours only', () => {
    expect(statusColor('51CF66')).toBe('#51CF66');
    expect(statusColor('abc')).toBe('#abc');
    expect(statusColor('red;x')).toBeUndefined();
    expect(statusColor(undefined)).toBeUndefined();
  });
});
