import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { type GoogleClient, GoogleError } from './google-client';
import { type LinkRow, sealTokens, unsealTokens, updateLink } from './repository';

/** An access token is refreshed this long before Google says it ends. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Runs one Calendar call with a user's access token: refreshed first when it has expired, and once more when Google
 * answers 401 (revoked or expired early). New tokens are sealed back into the link.
 */
export async function withAccessToken<T>(
  deps: Pick<AppDeps, 'appSecret'>,
  tx: Tx,
  client: GoogleClient,
  link: LinkRow,
  call: (accessToken: string) => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  let tokens = unsealTokens(link, deps.appSecret);
  const refresh = async () => {
    tokens = await client.refresh(tokens);
    await updateLink(tx, link.companyId, link.userId, { tokensSealed: sealTokens(tokens, deps.appSecret) });
  };
  if (tokens.expiresAt - EXPIRY_MARGIN_MS <= now()) await refresh();
  try {
    return await call(tokens.accessToken);
  } catch (err) {
    if (!(err instanceof GoogleError) || err.status !== 401) throw err;
    await refresh();
    return call(tokens.accessToken);
  }
}
