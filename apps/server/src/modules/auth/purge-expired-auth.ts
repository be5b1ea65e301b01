import { and, eq, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { loginAttempts, mfaChallenges, mfaEvents, passwordTokens, sessions } from '../../db/schema/auth';
import type { Db } from '../../platform/db';

const DAY = 24 * 60 * 60 * 1000;

export async function purgeExpiredAuth({
  db,
  companyId,
  now,
}: {
  db: Db;
  companyId: number | null;
  now: Date;
}) {
  const byCompany = (col: PgColumn, cond: SQL | undefined) =>
    companyId === null ? cond : and(eq(col, companyId), cond);
  // Revoked sessions are kept a day so that audit questions about a recent logout can still be answered.
  const s = await db
    .delete(sessions)
    .where(
      byCompany(
        sessions.companyId,
        or(
          lt(sessions.expiresAt, now),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, new Date(now.getTime() - DAY))),
        ),
      ),
    )
    .returning({ id: sessions.id });
  const m = await db
    .delete(mfaChallenges)
    .where(byCompany(mfaChallenges.companyId, lt(mfaChallenges.expiresAt, now)))
    .returning({ id: mfaChallenges.id });
  const p = await db
    .delete(passwordTokens)
    .where(byCompany(passwordTokens.companyId, lt(passwordTokens.expiresAt, now)))
    .returning({ id: passwordTokens.id });
  if (companyId === null)
    await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - DAY)));
  // MFA counts only matter within the login-failure window (minutes): a day is ample.
  await db
    .delete(mfaEvents)
    .where(byCompany(mfaEvents.companyId, lt(mfaEvents.createdAt, new Date(now.getTime() - DAY))));
  return { sessions: s.length, mfaChallenges: m.length, passwordTokens: p.length };
}
