import { FACEBOOK_MSG, graphErrorMessage } from '@prosa/shared/facebook';
import { sectors } from '../../db/schema/organization';
import { type Config, publicUrl } from '../../platform/config';
import { decryptSecret } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { findSector } from '../sectors/repository';
import { FacebookGraphError } from './graph-api';

// What the Facebook operations share: the Meta app of the config, the callback address, the reading of Graph
// errors (spec 2 §8) and of sealed tokens, and the company's sectors.

/** The Meta app (id and secret), or null when this server has none configured. */
export function facebookApp(config: Config): { id: string; secret: string } | null {
  return config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
    ? { id: config.FACEBOOK_APP_ID, secret: config.FACEBOOK_APP_SECRET }
    : null;
}

/** Where the login dialog returns (must be one of the app's valid OAuth redirect URIs at Meta). */
export function facebookCallbackUrl(config: Config): string {
  return `${publicUrl(config).replace(/\/+$/, '')}/api/facebook/callback`;
}

/** A Graph error as the user reads it (400 with the spec's text); anything else as it was. */
export function asUserError(err: unknown): unknown {
  return err instanceof FacebookGraphError ? badRequest(graphErrorMessage(err)) : err;
}

/** A sealed token, opened ('' when it cannot be: the Graph API then answers an OAuthException). */
export function openToken(sealed: string, appSecret: string): string {
  try {
    return sealed ? decryptSecret(sealed, appSecret) : '';
  } catch {
    return '';
  }
}

export async function assertSector(db: Db, companyId: number, sectorId: number) {
  if (!(await findSector(db, companyId, sectorId))) throw badRequest(FACEBOOK_MSG.sectorInvalid);
}

export async function sectorNames(db: Db, companyId: number) {
  const rows = await db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofCompany(sectors, companyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
