import { describe, expect, it } from 'vitest';
import { maskLeadPhone, normalizeWallTime, ZNotificationInput } from './notifications';
import { answerFailureText } from './notifications-texts';

describe('notifications: shared rules', () => {
  it('masks the lead phone as (DD) DDDDD-DDDD while typing, at most 11 digits', () => {
    expect(maskLeadPhone('')).toBe('');
    expect(maskLeadPhone('1')).toBe('(1');
    expect(maskLeadPhone('119')).toBe('(11) 9');
    expect(maskLeadPhone('1198765')).toBe('(11) 98765');
    expect(maskLeadPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskLeadPhone('(11) 98765-43219999')).toBe('(11) 98765-4321');
  });

  it('takes dates as YYYY-MM-DD HH:mm:ss (seconds optional) and refuses impossible ones', () => {
    expect(normalizeWallTime('2030-01-10 08:00')).toBe('2030-01-10 08:00:00');
    expect(normalizeWallTime('2030-01-10T08:00:59')).toBe('2030-01-10 08:00:59');
    for (const bad of ['2030-02-30 08:00:00', '2030-01-10 24:00:00', '10/01/2030 08:00', 'amanhã'])
      expect(normalizeWallTime(bad), bad).toBeNull();
  });

  it('puts each refusal on its field', () => {
    const r = ZNotificationInput.safeParse({
      model_id: 1,
      title: 'Aviso',
      link: 'https://prosa.dev',
      schedule_start_at: '2030-01-10 08:00:00',
      extra_data: 'nada',
    });
    expect(r.success).toBe(false);
    const issues = r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['description', 'Informe a descrição ou a imagem.'],
      ['link', 'O link precisa de uma imagem.'],
      ['schedule_end_at', 'Informe a data de término.'],
      ['extra_data', 'Os dados extras contêm um JSON inválido.'],
    ]);
  });
});

describe('notifications: answer failures', () => {
  it("says 'Não foi possível enviar sua resposta.' when the interested answer fails, the read error otherwise", () => {
    expect(answerFailureText(true)).toBe('Não foi possível enviar sua resposta.');
    expect(answerFailureText(false)).toBe('Erro ao marcar a notificação como lida.');
  });
});
