import { describe, expect, it } from 'vitest';
import { cardDataRows, metricRows } from './card-info';
import { card } from './test-fixtures';

describe('cardDataRows', () => {
  it('labels known fields in Portuguese, keeps custom ones readable and skips ids and empty values', () => {
    expect(
      cardDataRows({
        nome: 'Maria',
        email: 'maria@exemplo.com.br',
        cidade_natal: 'Recife',
        channel_id: 9,
        vazio: '  ',
        objeto: { a: 1 },
      }),
    ).toEqual([
      { label: 'Nome', value: 'Maria' },
      { label: 'E-mail', value: 'maria@exemplo.com.br' },
      { label: 'Cidade natal', value: 'Recife' },
    ]);
  });

  it("shows an e-mail card's from, to, cc and subject, not its config id", () => {
    expect(
      cardDataRows({
        from: 'cliente@exemplo.com.br',
        to: 'suporte@empresademo.com.br',
        cc: 'a@exemplo.com.br, b@exemplo.com.br',
        subject: 'Pedido 123',
        email_config_id: 4,
      }),
    ).toEqual([
      { label: 'De', value: 'cliente@exemplo.com.br' },
      { label: 'Para', value: 'suporte@empresademo.com.br' },
      { label: 'Cc', value: 'a@exemplo.com.br, b@exemplo.com.br' },
      { label: 'Assunto', value: 'Pedido 123' },
    ]);
  });
});

describe('metricRows', () => {
  it('formats dates in the timezone, durations and counters, with a dash when missing', () => {
    const rows = metricRows(
      card({
        id: 1,
        metrics: {
          first_start_chat_at: '2026-03-10T12:00:00Z',
          first_operator_answer_at: '2026-03-10T12:03:00Z',
          latest_operator_answer_at: null,
          latest_contact_chat_message_at: '2026-03-10T12:05:30Z',
          response_time: 180,
          customer_response_counter: 4,
        },
      }),
      'America/Sao_Paulo',
    );
    expect(rows).toEqual([
      { label: 'Início do atendimento', value: '10/03/2026 09:00:00' },
      { label: 'Primeira resposta', value: '10/03/2026 09:03:00' },
      { label: 'Última resposta do operador', value: '—' },
      { label: 'Última mensagem do contato', value: '10/03/2026 09:05:30' },
      { label: 'Tempo de resposta', value: '3m 0s' },
      { label: 'Mensagens do cliente', value: '4' },
    ]);
  });
});
