import { describe, expect, it } from 'vitest';
import { formatConversation } from './copy-conversation';
import { message } from './test-fixtures';

describe('formatConversation', () => {
  it('writes one line per message with date, time, author and text', () => {
    const text = formatConversation(
      [
        message({ id: 1, sent_at: '2026-03-10T12:00:00Z', text: 'Bom dia' }),
        message({
          id: 2,
          sent_at: '2026-03-10T12:02:00Z',
          text: 'Olá, *Maria*!',
          sender_type: 1,
          operator_name: 'Ana',
        }),
        message({ id: 3, sent_at: '2026-03-11T02:00:00Z', text: 'linha 1\nlinha 2' }),
      ],
      'Maria',
      'America/Sao_Paulo',
    );
    expect(text).toBe(
      [
        '10/03/2026 09:00 - Maria: Bom dia',
        '10/03/2026 09:02 - Ana: Olá, *Maria*!',
        '10/03/2026 23:00 - Maria: linha 1\nlinha 2',
      ].join('\n'),
    );
  });

  it('is empty without messages', () => {
    expect(formatConversation([], 'Maria', 'America/Sao_Paulo')).toBe('');
  });
});
