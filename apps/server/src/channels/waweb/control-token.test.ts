import { describe, expect, it } from 'vitest';
import { controlToken, controlTokenMatches } from './control-token';

const SECRET = 'segredo-do-app-segredo-do-app-0001';

describe('the control token between nodes', () => {
  it('is the same on every node with the same APP_SECRET and differs with another', () => {
    expect(controlToken(SECRET)).toBe(controlToken(SECRET));
    expect(controlToken(SECRET)).not.toBe(controlToken(`${SECRET}x`));
    expect(controlToken(SECRET)).not.toContain(SECRET);
  });

  it('matches only as a bearer token of this secret', () => {
    const token = controlToken(SECRET);
    expect(controlTokenMatches(SECRET, `Bearer ${token}`)).toBe(true);
    expect(controlTokenMatches(SECRET, undefined)).toBe(false);
    expect(controlTokenMatches(SECRET, token)).toBe(false);
    expect(controlTokenMatches(SECRET, `Bearer ${token.slice(0, -1)}`)).toBe(false);
    expect(controlTokenMatches(SECRET, `Bearer ${controlToken('outro-segredo-outro-segredo-00001')}`)).toBe(
      false,
    );
  });
});
