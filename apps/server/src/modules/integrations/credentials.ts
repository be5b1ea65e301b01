import { decryptSecret, encryptSecret } from '../../platform/crypto';

// What an integration keeps sealed (integrations.credentials_sealed): the manager's four values and the tokens the
// provider handed back. The newest refresh token replaces the one given (RD Station rotates them on every use).
export type RdCredentials = {
  clientId: string;
  clientSecret: string;
  clientCode: string;
  refreshToken: string | null;
  accessToken: string | null;
  /** ISO instant the access token stops working. */
  expiresAt: string | null;
};

export function sealCredentials(c: RdCredentials, appSecret: string): string {
  return encryptSecret(JSON.stringify(c), appSecret);
}

export function unsealCredentials(sealed: string, appSecret: string): RdCredentials {
  const raw = JSON.parse(decryptSecret(sealed, appSecret)) as Partial<RdCredentials>;
  return {
    clientId: raw.clientId ?? '',
    clientSecret: raw.clientSecret ?? '',
    clientCode: raw.clientCode ?? '',
    refreshToken: raw.refreshToken ?? null,
    accessToken: raw.accessToken ?? null,
    expiresAt: raw.expiresAt ?? null,
  };
}
