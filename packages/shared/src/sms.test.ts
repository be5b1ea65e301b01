import { describe, expect, it } from 'vitest';
import { activeSmsNumber, cleanConditionals, maskPhone, routeByConditionals, ZActiveSmsInput } from './sms';

describe('conditionals', () => {
  const rules = cleanConditionals([
    { sector_id: 2, conditional: 'boleto, 2ª via', status: true },
    { sector_id: 3, conditional: '/^cancel/i', status: true },
    { sector_id: 4, conditional: 'suporte', status: false },
    { sector_id: 5, conditional: 'qualquer', default: true },
    { sector_id: 9, conditional: 'removida', delete: true },
  ]);
  it('routes by words (accents and case ignored), regex, default; inactive rules are skipped', () => {
    if (!Array.isArray(rules)) throw new Error('rules refused');
    expect(rules).toHaveLength(4);
    expect(routeByConditionals(rules, 'Quero a 2a via do BOLETO')).toBe(2);
    expect(routeByConditionals(rules, 'Cancelar meu plano')).toBe(3);
    expect(routeByConditionals(rules, 'preciso de suporte')).toBe(5);
    expect(routeByConditionals([], 'oi')).toBeNull();
  });
  it('refuses a row without sector or condition, a bad regex, and two defaults', () => {
    expect(cleanConditionals([{ sector_id: 2, conditional: '' }])).toBe('invalid');
    expect(cleanConditionals([{ sector_id: null, conditional: 'x' }])).toBe('invalid');
    expect(cleanConditionals([{ sector_id: 2, conditional: '/(/' }])).toBe('invalid');
    expect(
      cleanConditionals([
        { sector_id: 2, conditional: 'a', default: true },
        { sector_id: 3, conditional: 'b', default: true },
      ]),
    ).toBe('twoDefaults');
  });
});

describe('active SMS', () => {
  it('masks Brazilian numbers for DDI 55 and keeps digits otherwise', () => {
    expect(maskPhone('55', '11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('55', '1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('1', '(555) 123-4567')).toBe('5551234567');
    expect(activeSmsNumber('55', '(11) 98765-4321')).toBe('5511987654321');
    expect(activeSmsNumber('55', '98765')).toBeNull();
    expect(activeSmsNumber('351', '912345678')).toBe('351912345678');
  });
  it('refuses more than 160 characters and missing fields with the spec texts', () => {
    const base = { channel_id: 1, phone_number: '11987654321', message: 'a', sector_id: 1 };
    expect(ZActiveSmsInput.safeParse({ ...base, message: 'x'.repeat(161) }).error?.issues[0]?.message).toBe(
      'Não é permitido o envio de ativos com mais de 160 caracteres!',
    );
    expect(ZActiveSmsInput.safeParse({ ...base, message: ' ' }).error?.issues[0]?.message).toBe(
      'Por favor, preencha os campos obrigatórios!',
    );
    expect(ZActiveSmsInput.safeParse({ ...base, message: 'x'.repeat(160) }).success).toBe(true);
  });
});
