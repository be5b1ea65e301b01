import { createHmac, randomBytes } from 'node:crypto';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq, gte, like, sql } from 'drizzle-orm';
import { negotiations } from '../../db/schema/negotiator';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';

// The hotsite visitor's token and the limit on starts per IP. The token is `<ip tag>.<secret>`: the tag, an HMAC
// of the visitor's IP under the app secret (10 characters; the IP cannot be read back), lets the starts be
// counted in PostgreSQL — the negotiations rows themselves, shared by every node, as decision 0003 counts logins
// — without a table or column of its own. Each negotiation allows three documents, so the limit also bounds how
// many CPFs one address can try.

/** Hotsite negotiations one IP may start per company within the window. */
export const HOTSITE_MAX_STARTS = 20;
export const HOTSITE_WINDOW_MINUTES = 10;

export const HOTSITE_TOKEN_RE = /^[A-Za-z0-9_-]{10}\.[A-Za-z0-9_-]{32}$/;

export const HOTSITE_TOO_MANY = 'Muitas consultas em pouco tempo. Aguarde alguns minutos e tente novamente.';

export function ipTag(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`negotiator-hotsite:${ip}`).digest('base64url').slice(0, 10);
}

export function newHotsiteToken(secret: string, ip: string): string {
  return `${ipTag(secret, ip)}.${randomBytes(24).toString('base64url')}`;
}

/** Refuses (429) a start when the IP already started HOTSITE_MAX_STARTS negotiations of the company in the window. */
export async function assertStartAllowed(
  db: Db | Tx,
  input: { companyId: number; secret: string; ip: string; now: Date },
): Promise<void> {
  const since = new Date(input.now.getTime() - HOTSITE_WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(negotiations)
    .where(
      and(
        eq(negotiations.companyId, input.companyId),
        gte(negotiations.startedAt, since),
        eq(negotiations.source, 'hotsite'),
        // '_' of base64url is a LIKE wildcard: escaped.
        like(negotiations.token, `${ipTag(input.secret, input.ip).replace(/[\\%_]/g, '\\$&')}.%`),
      ),
    );
  if ((row?.n ?? 0) >= HOTSITE_MAX_STARTS) throw new AppError(ERROR_CODE.rateLimited, HOTSITE_TOO_MANY, 429);
}
