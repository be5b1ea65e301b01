import { describe, expect, it } from 'vitest';
import { fromServer, fromSocket, pollAnswered, pollChoiceText } from './conversation';

const options = [
  { key: 'A', value: 'Ótimo' },
  { key: 'B', value: 'Ruim' },
];

describe('pesquisa no widget', () => {
  it('reads the poll of a stored message and of a socket message', () => {
    const stored = fromServer({
      id: 1,
      text: 'Como foi?\n\nA) Ótimo\nB) Ruim',
      from: 'operator',
      operator_name: null,
      sent_at: '2026-01-01T10:00:00Z',
      poll: { request_id: 9, options },
    });
    expect(stored.poll?.options).toEqual(options);
    const live = fromSocket({
      id: 2,
      text: 'Como foi?',
      sender_type: 1,
      operator_name: null,
      sent_at: '2026-01-01T10:00:00Z',
      metadata: { poll: { request_id: 9, options } },
    });
    expect(live?.poll?.request_id).toBe(9);
    const plain = fromSocket({
      id: 3,
      text: 'oi',
      sender_type: 1,
      operator_name: null,
      sent_at: '2026-01-01T10:00:00Z',
    });
    expect(plain?.poll).toBeNull();
    const bad = fromServer({
      id: 4,
      text: 'x',
      from: 'operator',
      operator_name: null,
      sent_at: '2026-01-01T10:00:00Z',
      poll: { request_id: 1, options: [{ key: 1, value: null }] } as never,
    });
    expect(bad.poll).toBeNull();
  });

  it('is answered once the visitor wrote after it; a click sends "A) Ótimo"', () => {
    const poll = fromServer({
      id: 1,
      text: 'Como foi?',
      from: 'operator',
      operator_name: null,
      sent_at: '2026-01-01T10:00:00Z',
      poll: { request_id: 9, options },
    });
    const reply = fromServer({
      id: 2,
      text: 'A) Ótimo',
      from: 'visitor',
      operator_name: null,
      sent_at: '2026-01-01T10:01:00Z',
    });
    expect(pollAnswered([poll], 0)).toBe(false);
    expect(pollAnswered([poll, reply], 0)).toBe(true);
    expect(pollChoiceText(options[0] ?? { key: '', value: '' })).toBe('A) Ótimo');
  });
});
