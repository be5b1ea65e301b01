import { describe, expect, it } from 'vitest';
import { autoChangeSummary } from './auto-change-summary';

describe('auto change summary', () => {
  it('says when it is off, incomplete, or what it does', () => {
    expect(autoChangeSummary(0, { name: 'X', should_close: 0 })).toBe(
      'Desligada: nenhum atendimento muda de status sozinho.',
    );
    expect(autoChangeSummary(30, undefined)).toBe('Escolha o status: sem ele, nenhum atendimento muda.');
    expect(autoChangeSummary(30, { name: 'Sem retorno do cliente', should_close: 1 })).toBe(
      'Atendimentos sem resposta do cliente há 30 min desde a última mensagem do operador são finalizados com o status “Sem retorno do cliente”.',
    );
    expect(autoChangeSummary(60, { name: 'Em negociação', should_close: 0 })).toContain(
      'recebem o status “Em negociação”',
    );
  });
});
