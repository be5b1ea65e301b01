import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './conversation';
import { formConfig, newchatNotice, pageBase, safeLink } from './newchat-logic';

const sent = { from: 'visitor', delivery: 'sent' } as unknown as ChatMessage;

describe('NewChat page logic', () => {
  it('finds the server behind the page, with a proxy prefix', () => {
    expect(pageBase('https://x.com', '/newchat/abcd1234', 'abcd1234')).toEqual({
      base: 'https://x.com',
      socketPath: '/socket.io',
    });
    expect(pageBase('https://x.com', '/prosa/newchat/abcd1234', 'abcd1234').base).toBe('https://x.com/prosa');
  });

  it('shows the queue position while waiting, then the usual notices', () => {
    const c = { hasQueue: true, queueMessage: 'Você é o {{fila}}º da fila' };
    expect(newchatNotice([sent], { finalized: null, answered: false, position: 2 }, c)).toBe(
      'Você é o 2º da fila',
    );
    expect(newchatNotice([sent], { finalized: null, answered: false, position: null }, c)).toBe(
      'Aguarde, em instantes um atendente irá falar com você.',
    );
    expect(newchatNotice([sent], { finalized: null, answered: true, position: 1 }, c)).toBeNull();
    expect(
      newchatNotice([sent], { finalized: null, answered: false, position: 1 }, { ...c, hasQueue: false }),
    ).toBe('Aguarde, em instantes um atendente irá falar com você.');
    expect(newchatNotice([sent], { finalized: '123', answered: false, position: 1 }, c)).toBe(
      'Atendimento finalizado. Protocolo: 123',
    );
  });

  it('maps the form (phone as digits with a mask) and only http links', () => {
    const f = formConfig({
      code: 'c',
      name: 'n',
      title: 't',
      description: '',
      baseColor: '#000000',
      customButton: '',
      img192: '',
      form: [{ name: 'phone', label: 'Telefone', type: 'phone', required: true, error: '' }],
    } as never);
    expect(f.fields[0]).toMatchObject({ type: 'number', mask: '(99) 99999-9999', required: true });
    expect(f.button).toBe('Iniciar conversa');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('https://loja.com')).toBe('https://loja.com');
  });
});
