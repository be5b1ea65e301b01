import { describe, expect, it } from 'vitest';
import { historyPeriodIsShort, padDocument, ZHistoryFilters } from './history';

const msg = (input: Record<string, unknown>) => ZHistoryFilters.safeParse(input).error?.issues[0]?.message;

describe('history filters (spec 2 §5)', () => {
  it('accepts a period of up to 30 days', () => {
    expect(ZHistoryFilters.safeParse({ fromDate: '2026-11-01', toDate: '2026-11-30' }).success).toBe(true);
    expect(historyPeriodIsShort('2026-11-01', '2026-12-01')).toBe(true);
    expect(historyPeriodIsShort('2026-11-01', '2026-12-02')).toBe(false);
  });
  it('past 30 days or without dates requires the channel, then CPF or phone', () => {
    expect(msg({ fromDate: '2026-01-01', toDate: '2026-11-30' })).toBe(
      'O canal de entrada deve ser informado.',
    );
    expect(msg({})).toBe('O canal de entrada deve ser informado.');
    expect(msg({ channelable_type: 'web' })).toBe('O CPF ou o telefone deve ser informado.');
    expect(ZHistoryFilters.safeParse({ channelable_type: 'web', cpf: '12345678909' }).success).toBe(true);
    expect(ZHistoryFilters.safeParse({ channelable_type: 'waent', number: '11999998888' }).success).toBe(
      true,
    );
  });
  it('refuses an end date before the start date', () => {
    expect(msg({ fromDate: '2026-11-10', toDate: '2026-11-01' })).toBe(
      'A data final deve ser igual ou posterior à data inicial.',
    );
  });
  it('pads CPF/CNPJ to 15 digits', () => {
    expect(padDocument('123.456.789-09')).toBe('000012345678909');
    expect(padDocument('')).toBeNull();
  });
});
