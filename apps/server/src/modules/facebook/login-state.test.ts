import { describe, expect, it } from 'vitest';
import { decodeLoginState, encodeLoginState, LOGIN_STATE_TTL_MS, newLoginState } from './login-state';

const SECRET = 'segredo-do-app';

describe('Facebook Login state', () => {
  it('comes back as it was signed, while it has not expired', () => {
    const now = 1_800_000_000_000;
    const state = newLoginState(3, 7, now);
    const text = encodeLoginState(state, SECRET);
    expect(decodeLoginState(text, SECRET, now + 1000)).toEqual(state);
    expect(decodeLoginState(text, SECRET, now + LOGIN_STATE_TTL_MS)).toBeNull();
  });

  it('is refused when changed, signed with another secret, or not a state at all', () => {
    const state = newLoginState(3, 7);
    const text = encodeLoginState(state, SECRET);
    const [, mac] = text.split('.');
    const otherCompany = Buffer.from(
      JSON.stringify({ c: 4, u: 7, n: state.nonce, e: state.expiresAt }),
    ).toString('base64url');
    expect(decodeLoginState(`${otherCompany}.${mac}`, SECRET)).toBeNull();
    expect(decodeLoginState(text, 'outro-segredo')).toBeNull();
    expect(decodeLoginState(`${text}.x`, SECRET)).toBeNull();
    expect(decodeLoginState('', SECRET)).toBeNull();
    expect(decodeLoginState('abc', SECRET)).toBeNull();
  });
});
