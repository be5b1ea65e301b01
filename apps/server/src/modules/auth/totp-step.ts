import { type Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

/**
 * The time step a 6-digit code belongs to (the current step or one either side), or null when it matches
 * none. One reading of the clock serves the check and the step, so a step that turns between the two can
 * never record the code under the next step (which would refuse the app's next code as a replay).
 */
export function totpStepOf(secret: Secret, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({ token: code, secret, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
}
