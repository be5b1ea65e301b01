import { describe, expect, it } from 'vitest';
import { ZChangePasswordInput, ZCheckMfaInput, ZLoginInput, ZPassword, ZRecoverPasswordInput } from './auth';
import { brDateToIso, formatDate, startOfDayIn } from './dates';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('auth schemas', () => {
  it('normalises the login e-mail and requires both fields', () => {
    expect(ZLoginInput.parse({ email: ' A@B.COM ', password: 'x' }).email).toBe('a@b.com');
    expect(firstMessage(ZLoginInput.safeParse({ email: '', password: 'x' }))).toBe(
      'Preencha o e-mail e a senha.',
    );
    expect(firstMessage(ZLoginInput.safeParse({ email: 'a@b.com', password: '' }))).toBe(
      'Preencha o e-mail e a senha.',
    );
  });

  it('requires the e-mail for recovery with the spec text', () => {
    expect(firstMessage(ZRecoverPasswordInput.safeParse({ email: '' }))).toBe('Preencha o E-mail da conta.');
  });

  it('enforces the password policy and confirmation', () => {
    expect(ZPassword.safeParse('abc12345').success).toBe(true);
    expect(ZPassword.safeParse('abcdefgh').success).toBe(false);
    expect(ZPassword.safeParse('12345678').success).toBe(false);
    expect(ZPassword.safeParse('a1').success).toBe(false);
    const mismatch = ZChangePasswordInput.safeParse({
      changeToken: 't',
      newPassword: 'abc12345',
      confirmPassword: 'abc12346',
    });
    expect(firstMessage(mismatch)).toBe('As senhas não conferem.');
    const both = ZChangePasswordInput.safeParse({
      changeToken: 't',
      currentPassword: 'x',
      newPassword: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(both.success).toBe(false);
  });

  it('accepts only 6-digit MFA codes', () => {
    expect(ZCheckMfaInput.safeParse({ challengeId: 'c', code: '012345' }).success).toBe(true);
    expect(firstMessage(ZCheckMfaInput.safeParse({ challengeId: 'c', code: '12345' }))).toBe(
      'Informe o código de 6 dígitos.',
    );
  });
});

describe('pt-BR dates', () => {
  it('shows DD/MM/YYYY in the company timezone and sends YYYY-MM-DD', () => {
    expect(formatDate('2026-03-01T02:00:00Z', 'America/Sao_Paulo')).toBe('28/02/2026');
    expect(brDateToIso('31/12/2026')).toBe('2026-12-31');
    expect(brDateToIso('31/02/2026')).toBeNull();
    expect(brDateToIso('2026-12-31')).toBeNull();
    expect(startOfDayIn('2026-01-31', 'America/Sao_Paulo').toISOString()).toBe('2026-01-31T03:00:00.000Z');
  });
});
