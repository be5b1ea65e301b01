import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-step';

describe('redirecionamento do login', () => {
  it('follows only an https address', () => {
    expect(redirectTarget('https://novo.exemplo.com.br/login')).toBe('https://novo.exemplo.com.br/login');
    expect(redirectTarget('http://novo.exemplo.com.br')).toBeNull();
    expect(redirectTarget('javascript:alert(1)')).toBeNull();
    expect(redirectTarget('https://user:senha@novo.exemplo.com.br')).toBeNull();
    expect(redirectTarget('/chat')).toBeNull();
  });
});
