import { SMS_MSG } from '@prosa/shared/sms';
import { describe, expect, it } from 'vitest';
import { bodyOf, initialValues, newConditional, validateSms } from './sms-form-values';

const filled = () => ({
  ...initialValues(null),
  gateway: 'zenvia' as const,
  name: 'SMS',
  default_sector_id: '1',
  sender: 'PROSA',
  token: 'segredo',
});

describe('SMS form', () => {
  it('asks for the broker fields with the spec text; a blank token is fine when editing', () => {
    expect(validateSms({ ...filled(), token: '' }, false).token).toBe(SMS_MSG.required);
    expect(validateSms({ ...filled(), token: '' }, true).token).toBeUndefined();
    expect(validateSms({ ...filled(), gateway: 'movile' }, false).username).toBe(SMS_MSG.required);
    expect(validateSms({ ...filled(), gateway: 'pg' }, false)['generic.send_url']).toBe(SMS_MSG.required);
    expect(validateSms(filled(), false)).toEqual({});
  });

  it('refuses a conditional without sector or condition ("Há condições inválidas nos campos!")', () => {
    const half = { ...newConditional(), conditional: 'boleto' };
    expect(validateSms({ ...filled(), conditionals: [half] }, false).conditionals).toBe(
      SMS_MSG.invalidConditionals,
    );
    const ok = { ...half, sector_id: '2' };
    expect(validateSms({ ...filled(), conditionals: [ok] }, false).conditionals).toBeUndefined();
    expect(bodyOf({ ...filled(), conditionals: [ok] }).conditionals).toEqual([
      { sector_id: 2, conditional: 'boleto', status: true, default: false },
    ]);
  });
});
