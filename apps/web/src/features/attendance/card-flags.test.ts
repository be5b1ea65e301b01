import { describe, expect, it } from 'vitest';
import { cardFlags, isWebchatOffline, previewPrefix } from './card-flags';
import { card } from './test-fixtures';

const NOW = Date.parse('2026-03-10T12:10:00Z');

describe('cardFlags', () => {
  it('has no badge for a plain card', () => {
    expect(cardFlags(card({ id: 1 }), NOW)).toEqual([]);
  });

  it('lists every flag in order with its Portuguese label', () => {
    const flags = cardFlags(
      card({
        id: 1,
        busy_client: true,
        out_of_sla: true,
        visitor_offline_since: '2026-03-10T12:00:00Z',
        scheduled: 2,
        auto: true,
        locked: true,
      }),
      NOW,
    );
    expect(flags.map((f) => f.label)).toEqual([
      'Cliente ocupado',
      'Fora do SLA',
      'Web chat desconectado',
      'Retorno',
      'Automático',
      'Travado',
    ]);
  });

  it('tells a card waiting for its scheduled return from one that came back', () => {
    expect(cardFlags(card({ id: 1, scheduled: 1 }), NOW).map((f) => f.label)).toEqual(['Agendado']);
    expect(cardFlags(card({ id: 1, scheduled: 2 }), NOW).map((f) => f.label)).toEqual(['Retorno']);
  });
});

describe('isWebchatOffline', () => {
  it('counts a web visitor as offline only after 180 s', () => {
    const since = '2026-03-10T12:07:00Z';
    expect(isWebchatOffline({ channel_kind: 'web', visitor_offline_since: since }, NOW)).toBe(false);
    expect(isWebchatOffline({ channel_kind: 'web', visitor_offline_since: since }, NOW + 1000)).toBe(true);
  });

  it('ignores online visitors and other channels', () => {
    expect(isWebchatOffline({ channel_kind: 'web', visitor_offline_since: null }, NOW)).toBe(false);
    expect(
      isWebchatOffline({ channel_kind: 'waent', visitor_offline_since: '2026-03-01T00:00:00Z' }, NOW),
    ).toBe(false);
  });
});

describe('previewPrefix', () => {
  it('is empty for a contact message', () => {
    expect(previewPrefix(card({ id: 1, last_message_sender: 0 }), 7)).toBe('');
  });

  it('says "Você:" to the assigned operator and the operator name to others', () => {
    const c = card({ id: 1, last_message_sender: 1, operator_assigned_id: 7, operator_assigned_name: 'Ana' });
    expect(previewPrefix(c, 7)).toBe('Você: ');
    expect(previewPrefix(c, 8)).toBe('Ana: ');
    expect(previewPrefix(card({ id: 2, last_message_sender: 1 }), 8)).toBe('Automático: ');
  });
});
