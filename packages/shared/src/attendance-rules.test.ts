import { describe, expect, it } from 'vitest';
import { EMPTY_RULES, minutesToSeconds, secondsToMinutes, ZAttendanceRules } from './attendance-rules';

const msg = (over: Partial<typeof EMPTY_RULES>) =>
  ZAttendanceRules.safeParse({ ...EMPTY_RULES, ...over }).error?.issues[0]?.message;

describe('attendance rules (spec 1 §5)', () => {
  it('accepts no rules at all', () => {
    expect(ZAttendanceRules.safeParse(EMPTY_RULES).success).toBe(true);
  });
  it('gives each rule its text', () => {
    expect(msg({ time_waiting_client_to_finalize: 0, status_waiting_client_to_finalize: 3 })).toBe(
      'Informe o tempo em minutos maior que zero.',
    );
    expect(msg({ time_waiting_client_to_finalize: 600 })).toBe(
      'Selecione o status de finalização do atendimento.',
    );
    expect(msg({ status_waiting_client_to_finalize: 3 })).toBe(
      'Informe o tempo de espera para finalização do atendimento com o status escolhido.',
    );
    expect(msg({ time_waiting_client_to_busy_client: -60 })).toBe(
      'Informe o tempo em minutos maior que zero.',
    );
    expect(msg({ change_status_when_busy_client: '1' })).toBe(
      'Selecione o status de classificação em que o atendimento será direcionado.',
    );
  });
  it('stores minutes as seconds', () => {
    expect(minutesToSeconds(15)).toBe(900);
    expect(secondsToMinutes(900)).toBe(15);
    expect(minutesToSeconds(null)).toBeNull();
  });
});
