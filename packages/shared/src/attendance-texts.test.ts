import { describe, expect, it } from 'vitest';
import { ATT_MSG, statusErrorText } from './attendance-constants';

// Spec 1 §8 "Status and sector": the status change's failure text says when the automatic distribution is on.
describe('attendance failure texts', () => {
  it('names the automatic distribution in a failed status change only when it is on', () => {
    expect(statusErrorText(true)).toBe('Erro ao alterar Status (Auto Dist).');
    expect(statusErrorText(false)).toBe('Erro ao alterar Status.');
  });

  it('keeps the spec texts of the operator change and the company data load', () => {
    expect(ATT_MSG.operatorError).toBe('Não foi possível alterar.');
    expect(ATT_MSG.companyLoadError).toBe('Erro ao carregar os dados da empresa.');
  });
});
