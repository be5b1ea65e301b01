import { describe, expect, it } from 'vitest';
import { clearLoginNotice, readLoginNotice, setLoginNotice } from './login-notice';

describe('aviso na tela de login', () => {
  it('is kept until the login screen has shown it', () => {
    expect(readLoginNotice()).toBeNull();
    setLoginNotice('Sua pausa passou do tempo limite e a sessão foi encerrada.');
    expect(readLoginNotice()).toBe('Sua pausa passou do tempo limite e a sessão foi encerrada.');
    clearLoginNotice();
    expect(readLoginNotice()).toBeNull();
  });
});
