import { describe, expect, it } from 'vitest';
import { authorName, buildTimeline, formatTime } from './message-timeline';
import { message } from './test-fixtures';

const TZ = 'America/Sao_Paulo';

describe('buildTimeline', () => {
  it('puts a DD/MM/YYYY separator before the first message of each day in the company timezone', () => {
    const items = buildTimeline(
      [
        message({ id: 1, sent_at: '2026-03-10T12:00:00Z' }),
        message({ id: 2, sent_at: '2026-03-10T20:00:00Z' }),
        // 01:30 UTC of the 11th is still the 10th in São Paulo (UTC-3).
        message({ id: 3, sent_at: '2026-03-11T01:30:00Z' }),
        message({ id: 4, sent_at: '2026-03-11T12:00:00Z' }),
      ],
      TZ,
    );
    expect(items.map((i) => (i.kind === 'date' ? i.label : i.message.id))).toEqual([
      '10/03/2026',
      1,
      2,
      3,
      '11/03/2026',
      4,
    ]);
  });

  it('shows the author once per run of the same sender on the same day', () => {
    const items = buildTimeline(
      [
        message({ id: 1, sent_at: '2026-03-10T12:00:00Z' }),
        message({ id: 2, sent_at: '2026-03-10T12:01:00Z' }),
        message({ id: 3, sent_at: '2026-03-10T12:02:00Z', sender_type: 1, operator_name: 'Ana' }),
        message({ id: 4, sent_at: '2026-03-10T12:03:00Z', sender_type: 1, operator_name: 'Bruno' }),
        message({ id: 5, sent_at: '2026-03-11T12:03:00Z', sender_type: 1, operator_name: 'Bruno' }),
      ],
      TZ,
    );
    const shown = items.flatMap((i) => (i.kind === 'message' ? [[i.message.id, i.showAuthor]] : []));
    expect(shown).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [4, true],
      [5, true],
    ]);
  });

  it('is empty without messages', () => {
    expect(buildTimeline([], TZ)).toEqual([]);
  });
});

describe('formatTime and authorName', () => {
  it('formats HH:mm in the timezone', () => {
    expect(formatTime('2026-03-10T12:05:00Z', TZ)).toBe('09:05');
  });

  it('names the contact, the operator, or "Automático" for operator-side messages without a name', () => {
    expect(authorName(message({ id: 1, sent_at: '2026-03-10T12:00:00Z' }), 'Maria')).toBe('Maria');
    expect(
      authorName(
        message({ id: 2, sent_at: '2026-03-10T12:00:00Z', sender_type: 1, operator_name: 'Ana' }),
        'Maria',
      ),
    ).toBe('Ana');
    expect(authorName(message({ id: 3, sent_at: '2026-03-10T12:00:00Z', sender_type: 1 }), 'Maria')).toBe(
      'Automático',
    );
  });
});
