import { describe, expect, it } from 'vitest';
import { checkAnswer, evaluateCondition, fillText, inRange, localTime } from './conditions';
import { answerValue } from './http-node';

const base = { metadata: {}, channelKind: 'web', timeZone: 'America/Sao_Paulo' };
const hours = {
  kind: 'working_hours' as const,
  monday_to_friday: '08:00-18:00',
  saturday: '09:00-13:00',
  sunday: null,
};

describe('working hours in the company timezone', () => {
  it('reads the weekday and time where the company is', () => {
    // Wednesday 01:30 UTC is still Tuesday 22:30 in São Paulo.
    expect(localTime(new Date('2026-11-25T01:30:00Z'), 'America/Sao_Paulo')).toEqual({
      weekday: 2,
      minutes: 1350,
    });
    expect(localTime(new Date('2026-11-25T01:30:00Z'), 'UTC')).toEqual({ weekday: 3, minutes: 90 });
  });

  it('is open inside the day range and closed outside, on Saturday by its own range, never on a closed day', () => {
    const at = (iso: string) => evaluateCondition(hours, { ...base, now: new Date(iso) });
    expect(at('2026-11-25T14:00:00Z')).toBe(true); // Wed 11:00
    expect(at('2026-11-25T10:59:00Z')).toBe(false); // Wed 07:59
    expect(at('2026-11-25T11:00:00Z')).toBe(true); // Wed 08:00
    expect(at('2026-11-25T21:00:00Z')).toBe(false); // Wed 18:00 (end excluded)
    expect(at('2026-11-28T13:00:00Z')).toBe(true); // Sat 10:00
    expect(at('2026-11-28T17:00:00Z')).toBe(false); // Sat 14:00
    expect(at('2026-11-29T14:00:00Z')).toBe(false); // Sunday
  });

  it('runs past midnight when the end is before the start', () => {
    expect(inRange('22:00-06:00', 23 * 60)).toBe(true);
    expect(inRange('22:00-06:00', 5 * 60)).toBe(true);
    expect(inRange('22:00-06:00', 12 * 60)).toBe(false);
    expect(inRange('', 12 * 60)).toBe(false);
    expect(inRange('25:00-26:00', 12 * 60)).toBe(false);
  });
});

describe('metadata and channel conditions', () => {
  const ctx = { ...base, now: new Date(), metadata: { plano: 'Ouro Plus', vazio: '  ' } };
  it('compares ignoring case and accents', () => {
    expect(
      evaluateCondition({ kind: 'metadata', field: 'plano', op: 'equals', value: 'ouro plus' }, ctx),
    ).toBe(true);
    expect(evaluateCondition({ kind: 'metadata', field: 'plano', op: 'equals', value: 'ouro' }, ctx)).toBe(
      false,
    );
    expect(evaluateCondition({ kind: 'metadata', field: 'plano', op: 'contains', value: 'OURO' }, ctx)).toBe(
      true,
    );
    expect(evaluateCondition({ kind: 'metadata', field: 'vazio', op: 'empty', value: '' }, ctx)).toBe(true);
    expect(evaluateCondition({ kind: 'metadata', field: 'nenhum', op: 'not_empty', value: '' }, ctx)).toBe(
      false,
    );
    expect(evaluateCondition({ kind: 'channel', kinds: ['web', 'tg'] }, ctx)).toBe(true);
    expect(evaluateCondition({ kind: 'channel', kinds: ['waent'] }, ctx)).toBe(false);
  });
});

describe('answers and texts', () => {
  it('checks a question answer by its validation', () => {
    expect(checkAnswer('email', ' Ana@Example.COM ')).toBe('ana@example.com');
    expect(checkAnswer('email', 'ana@')).toBeNull();
    expect(checkAnswer('cpf', '529.982.247-25')).toBe('52998224725');
    expect(checkAnswer('cpf', '111.111.111-11')).toBeNull();
    expect(checkAnswer('number', '12,5')).toBe('12.5');
    expect(checkAnswer('number', 'doze')).toBeNull();
    expect(checkAnswer('text', '   ')).toBeNull();
    expect(checkAnswer(null, 'qualquer')).toBe('qualquer');
  });

  it('fills {{key}} with the contact metadata', () => {
    expect(fillText('Olá {{nome}}, plano {{ plano }} {{x}}.', { nome: 'Ana', plano: 'ouro' })).toBe(
      'Olá Ana, plano ouro .',
    );
  });

  it('takes the HTTP answer at a dot path or whole', () => {
    expect(answerValue('{"data":{"plan":"Ouro","n":3}}', 'data.plan')).toBe('Ouro');
    expect(answerValue('{"data":{"plan":"Ouro","n":3}}', 'data.n')).toBe('3');
    expect(answerValue('{"data":{}}', 'data.plan')).toBeNull();
    expect(answerValue('não é json', 'a')).toBeNull();
    expect(answerValue('  texto puro ', null)).toBe('texto puro');
    expect(answerValue('x'.repeat(900), null)?.length).toBe(500);
  });
});
