import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows at `now` (RFC 6238: SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, now = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now });
}
