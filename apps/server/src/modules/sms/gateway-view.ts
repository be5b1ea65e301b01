import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ChannelRow } from '../../db/schema/channels';
import { sectors } from '../../db/schema/organization';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';

export type GatewayDeps = Pick<
  AppDeps,
  'db' | 'appSecret' | 'config' | 'outbound' | 'storage' | 'channels' | 'channelRepository'
>;

export const unseal = (deps: Pick<GatewayDeps, 'appSecret'>, sealed: string | undefined) => {
  try {
    return sealed ? decryptSecret(sealed, deps.appSecret) : '';
  } catch {
    return '';
  }
};

export const seal = (deps: Pick<GatewayDeps, 'appSecret'>, plain: string) =>
  encryptSecret(plain, deps.appSecret);

/** Our per-channel webhook secret: the token in the path the broker calls. */
export const newWebhookSecret = () => randomBytes(24).toString('base64url');

/** The last characters of a credential, so the screen can tell which one is stored. */
export const hintOf = (secret: string) => (secret ? `••••${secret.slice(-4)}` : '');

export async function sectorNames(deps: Pick<GatewayDeps, 'db'>, companyId: number) {
  const rows = await deps.db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofCompany(sectors, companyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every sector named must be a live sector of the company, else the message given. */
export async function assertSectors(
  deps: Pick<GatewayDeps, 'db'>,
  companyId: number,
  ids: number[],
  msg: string,
) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await deps.db
    .select({ id: sectors.id })
    .from(sectors)
    .where(and(eq(sectors.companyId, companyId), inArray(sectors.id, wanted), isNull(sectors.deletedAt)));
  if (rows.length !== wanted.length) throw badRequest(msg);
}

/** Where the broker calls us for a channel (get_api_key, the screens' copy button). */
export function webhookUrlOf(deps: Pick<GatewayDeps, 'config' | 'appSecret'>, row: ChannelRow): string {
  const base = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, '');
  return `${base}/api/webhooks/${row.kind}/${row.id}/${unseal(deps, row.secretsSealed.webhook_secret)}`;
}
