import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  accessLogs,
  loginAttempts,
  mfaChallenges,
  mfaEvents,
  passwordTokens,
  sessions,
} from '../../db/schema/auth';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';

export type UserWithCompany = {
  user: typeof users.$inferSelect;
  company: typeof companies.$inferSelect;
};

export async function findUserByEmail(db: Db, email: string): Promise<UserWithCompany | null> {
  const rows = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUser(db: Db, companyId: number, userId: number): Promise<UserWithCompany | null> {
  const rows = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export type ActiveSession = UserWithCompany & { session: typeof sessions.$inferSelect };

export async function findActiveSession(
  db: Db,
  where: { tokenHash: string } | { id: string },
): Promise<ActiveSession | null> {
  const key = 'tokenHash' in where ? eq(sessions.tokenHash, where.tokenHash) : eq(sessions.id, where.id);
  const rows = await db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, and(eq(users.companyId, sessions.companyId), eq(users.id, sessions.userId)))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(and(key, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSession(
  db: Db,
  values: {
    companyId: number;
    userId: number;
    tokenHash: string;
    ip: string;
    userAgent: string | null;
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export async function touchSession(db: Db, id: string, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every open session of a user except `keepId`; returns the revoked ids. */
export async function revokeUserSessions(db: Db, companyId: number, userId: number, keepId?: string) {
  const conds = [eq(sessions.companyId, companyId), eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepId) conds.push(ne(sessions.id, keepId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conds))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function bumpSocketTokenVersion(db: Db, sessionId: string) {
  const [row] = await db
    .update(sessions)
    .set({ socketTokenVersion: sql`${sessions.socketTokenVersion} + 1` })
    .where(eq(sessions.id, sessionId))
    .returning({ version: sessions.socketTokenVersion });
  return row?.version ?? 0;
}

export async function recordAttempt(db: Db, email: string, ip: string, success: boolean) {
  await db.insert(loginAttempts).values({ email: email.toLowerCase(), ip, success: success ? 1 : 0 });
}

export async function countRecentFailures(db: Db, by: { email: string } | { ip: string }, since: Date) {
  const key = 'email' in by ? eq(loginAttempts.email, by.email.toLowerCase()) : eq(loginAttempts.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(key, eq(loginAttempts.success, 0), gt(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}

export type MfaEventKind = 'code_failure' | 'code_email';

/** Records one MFA event of a user (a guess being checked, a code e-mail) and returns its id. */
export async function insertMfaEvent(db: Db, companyId: number, userId: number, kind: MfaEventKind) {
  const [row] = await db
    .insert(mfaEvents)
    .values({ companyId, userId, kind })
    .returning({ id: mfaEvents.id });
  if (!row) throw new Error('mfa event insert returned nothing');
  return row.id;
}

export async function deleteMfaEvent(db: Db, id: number) {
  await db.delete(mfaEvents).where(eq(mfaEvents.id, id));
}

export async function countMfaEvents(
  db: Db,
  by: { companyId: number; userId: number; kind: MfaEventKind; since: Date },
) {
  const [row] = await db
    .select({ n: count() })
    .from(mfaEvents)
    .where(
      and(
        eq(mfaEvents.companyId, by.companyId),
        eq(mfaEvents.userId, by.userId),
        eq(mfaEvents.kind, by.kind),
        gt(mfaEvents.createdAt, by.since),
      ),
    );
  return row?.n ?? 0;
}

export async function createMfaChallenge(
  db: Db,
  values: { companyId: number; userId: number; codeHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(mfaChallenges).values(values).returning({ id: mfaChallenges.id });
  if (!row) throw new Error('challenge insert returned nothing');
  return row.id;
}

// Challenge ids are uuids: any other text is an unknown challenge, never a query PostgreSQL refuses.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findOpenChallenge(db: Db, id: string) {
  if (!UUID.test(id)) return null;
  const rows = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.id, id),
        isNull(mfaChallenges.consumedAt),
        gt(mfaChallenges.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function setChallengeCode(db: Db, id: string, codeHash: string, expiresAt: Date) {
  await db.update(mfaChallenges).set({ codeHash, expiresAt }).where(eq(mfaChallenges.id, id));
}

export async function countChallengeAttempt(db: Db, id: string) {
  const [row] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(eq(mfaChallenges.id, id))
    .returning({ attempts: mfaChallenges.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Conditional update: only one caller can consume a challenge. */
export async function consumeChallenge(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.consumedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

export async function createPasswordToken(
  db: Db | Tx,
  values: {
    companyId: number;
    userId: number;
    purpose: 'reset' | 'change';
    tokenHash: string;
    expiresAt: Date;
  },
) {
  await db.insert(passwordTokens).values(values);
}

/** Holds the user's row until the transaction ends: one link request (or use) at a time per user. */
export async function lockUser(tx: Tx, companyId: number, userId: number) {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .for('update');
}

/** Ends every still-usable token of a user for one purpose (a newer link, or one just used, replaces them). */
export async function voidPasswordTokens(
  db: Db | Tx,
  companyId: number,
  userId: number,
  purpose: 'reset' | 'change',
) {
  await db
    .update(passwordTokens)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(passwordTokens.companyId, companyId),
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
      ),
    );
}

/** Marks a one-time token used and returns its owner; null when unknown, expired or already used. */
export async function consumePasswordToken(db: Db, tokenHash: string, purpose: 'reset' | 'change') {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ companyId: passwordTokens.companyId, userId: passwordTokens.userId });
  return rows[0] ?? null;
}

export async function findUsablePasswordToken(db: Db, tokenHash: string, purpose: 'reset' | 'change') {
  const rows = await db
    .select({ companyId: passwordTokens.companyId, userId: passwordTokens.userId })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function updatePassword(db: Db, companyId: number, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

export async function setTotp(
  db: Db,
  companyId: number,
  userId: number,
  secret: string | null,
  enabled: boolean,
) {
  await db
    .update(users)
    .set({ totpSecret: secret, totpEnabled: enabled, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** Records a TOTP time step as used; false when it (or a later one) was already accepted: no replay. */
export async function claimTotpStep(
  db: Db,
  companyId: number,
  userId: number,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.id, userId),
        sql`coalesce(${users.totpLastStep}, -1) < ${step}`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function insertAccessLog(
  db: Db,
  values: { companyId: number; userId: number; event: 'login' | 'logout'; ip: string | null },
) {
  await db.insert(accessLogs).values(values);
}

// Kept here for active-whatsapp/create-active.ts until it imports the sectors repository (plan 0005 step 2).
export { userSectorIds } from '../sectors/repository';
