import { describe, expect, it } from 'vitest';
import { timeLabel, waitingSince } from './card-times';

const metrics = {
  first_start_chat_at: '2026-03-02T12:00:00.000Z',
  first_operator_answer_at: null,
  latest_operator_answer_at: null,
  latest_contact_chat_message_at: '2026-03-02T12:10:00.000Z',
  response_time: null,
  customer_response_counter: 2,
};

describe('tempos do card', () => {
  it('shows the seconds only when the company turned them on', () => {
    const now = Date.parse('2026-03-02T13:02:05.000Z');
    const from = Date.parse('2026-03-02T12:00:00.000Z');
    expect(timeLabel(from, now, false)).toBe('1h');
    expect(timeLabel(from, now, true)).toBe('1h 2m 5s');
    expect(timeLabel(now - 45_000, now, true)).toBe('45s');
    expect(timeLabel(now - 86_400_000 - 4_000, now, true)).toBe('1d 0h 0m 4s');
    expect(timeLabel(now + 5_000, now, true)).toBe('0s');
  });

  it('counts the wait like the SLA: from the start until the first answer, then from the latest message', () => {
    expect(waitingSince({ last_message_sender: 0, answered: false, metrics })).toBe(
      metrics.first_start_chat_at,
    );
    expect(waitingSince({ last_message_sender: 0, answered: true, metrics })).toBe(
      metrics.latest_contact_chat_message_at,
    );
    // The operator side spoke last: nobody is waiting.
    expect(waitingSince({ last_message_sender: 1, answered: true, metrics })).toBeNull();
  });
});
