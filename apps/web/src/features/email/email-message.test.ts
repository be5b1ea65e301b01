import { describe, expect, it } from 'vitest';
import { emailOf, splitQuotedText } from './email-message';

describe('e-mail messages in the chat', () => {
  it('reads the subject, sender and copies of an em_ message, and nothing of other messages', () => {
    const view = emailOf({
      metadata: {
        email: {
          subject: 'Fatura',
          from: { address: 'marina@exemplo.com.br', name: 'Marina' },
          cc: [{ address: 'financeiro@exemplo.com.br', name: '' }],
          html: '<p>Oi</p>',
        },
      },
    });
    expect(view).toEqual({
      subject: 'Fatura',
      from: 'Marina <marina@exemplo.com.br>',
      cc: ['financeiro@exemplo.com.br'],
      html: '<p>Oi</p>',
    });
    expect(emailOf({ metadata: {} })).toBeNull();
  });

  it('hides the quoted history of a plain-text reply behind the toggle', () => {
    const text = 'Segue o contrato.\n\nEm 26/11/2026 10:00, Suporte escreveu:\n> Pode enviar o contrato?';
    expect(splitQuotedText(text)).toEqual({
      body: 'Segue o contrato.',
      history: 'Em 26/11/2026 10:00, Suporte escreveu:\n> Pode enviar o contrato?',
    });
    expect(splitQuotedText('Obrigado!\n> citação\n>\n> mais')).toEqual({
      body: 'Obrigado!',
      history: '> citação\n>\n> mais',
    });
    expect(splitQuotedText('Sem histórico.')).toEqual({ body: 'Sem histórico.', history: '' });
  });
});
