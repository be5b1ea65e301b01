import { describe, expect, it } from 'vitest';
import { COUNTERS, loadLabel, loadPercent, sortOperators } from './monitor-view';

describe('painel de monitoramento', () => {
  it('labels every counter of the server in Portuguese', () => {
    expect(COUNTERS.map((c) => c.key).sort()).toEqual(
      [
        'answered',
        'answeredNotAssigned',
        'attended',
        'auto',
        'awaitingResponse',
        'busy',
        'notDistributed',
        'outOfSla',
        'sla',
        'waitingFirstInteraction',
      ].sort(),
    );
    expect(COUNTERS.find((c) => c.key === 'busy')?.label).toBe('Cliente ocupado');
  });

  it('shows the load against the limit', () => {
    expect(loadLabel(1, 2)).toBe('1 / 2');
    expect(loadLabel(3, 0)).toBe('3');
    expect(loadPercent(1, 2)).toBe(50);
    expect(loadPercent(5, 2)).toBe(100);
    expect(loadPercent(5, 0)).toBe(0);
  });

  it('lists on-line operators first', () => {
    const sorted = sortOperators([
      { name: 'Bruno', status: 'offline' as const },
      { name: 'Carla', status: 'paused' as const },
      { name: 'Ana', status: 'online' as const },
      { name: 'Álvaro', status: 'offline' as const },
    ]);
    expect(sorted.map((o) => o.name)).toEqual(['Ana', 'Carla', 'Álvaro', 'Bruno']);
  });
});
