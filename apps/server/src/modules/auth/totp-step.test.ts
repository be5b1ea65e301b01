import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { totpStepOf } from './totp-step';

// A fixed secret and fixed instants: the codes, and so the test, are the same on every run.
const secret = Secret.fromBase32('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
const STEP = 59_000_000;
const startOf = (step: number) => step * 30_000;

describe('totpStepOf', () => {
  it("gives the code's own step, whether the check runs in that step or the next", () => {
    const code = TOTP.generate({ secret, timestamp: startOf(STEP) + 29_999 });
    expect(totpStepOf(secret, code, startOf(STEP) + 29_999)).toBe(STEP);
    // The clock turned between typing and checking: still the step of the code, not the current one.
    expect(totpStepOf(secret, code, startOf(STEP + 1))).toBe(STEP);
    expect(totpStepOf(secret, code, startOf(STEP - 1) + 10)).toBe(STEP);
  });

  it('refuses a code two steps away', () => {
    const code = TOTP.generate({ secret, timestamp: startOf(STEP) });
    expect(totpStepOf(secret, code, startOf(STEP + 2))).toBeNull();
    expect(totpStepOf(secret, '000000', startOf(STEP))).toBeNull();
  });
});
