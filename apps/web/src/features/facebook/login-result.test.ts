import { describe, expect, it } from 'vitest';
import { loginResultOf } from './login-result';

describe('the Facebook Login result of ?login=', () => {
  it('says the spec texts for a cancelled or failed login and a success for ok', () => {
    expect(loginResultOf('cancelled')).toEqual({
      kind: 'error',
      message: 'Login cancelado ou não autorizado.',
    });
    expect(loginResultOf('error')).toEqual({
      kind: 'error',
      message: 'Erro ao efetuar login no Facebook, por favor tente novamente mais tarde.',
    });
    expect(loginResultOf('ok')?.kind).toBe('success');
  });

  it('ignores a missing or unknown value', () => {
    expect(loginResultOf(null)).toBeNull();
    expect(loginResultOf('<script>')).toBeNull();
  });
});
