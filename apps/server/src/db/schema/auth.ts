import { foreignKey } from 'drizzle-orm/pg-core';
import { bigint, index, integer, pgTable, text, timestamptz, uuid } from './columns';
import { users } from './users';

// Opaque session tokens: only their SHA-256 is stored; revocable one by one.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    // Bumped by "reset realtime token": socket tokens are HMACs of (session id, version).
    socketTokenVersion: integer('socket_token_version').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('sessions_user_idx').on(t.companyId, t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('mfa_challenges_expires_idx').on(t.expiresAt),
  ],
);

// Wrong MFA codes and MFA code e-mails per user, counted over a window across challenges (every node agrees).
export const mfaEvents = pgTable(
  'mfa_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<'code_failure' | 'code_email'>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('mfa_events_user_idx').on(t.companyId, t.userId, t.kind, t.createdAt),
  ],
);

// One-time tokens: password recovery links and the forced-change step after login.
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose').$type<'reset' | 'change'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('password_tokens_expires_idx').on(t.expiresAt),
  ],
);

// Failed and successful login attempts, read to rate-limit by e-mail and by IP on every node.
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: integer('success').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

// The log-logout record (spec 1 §7 /log-logout): logins and logouts per user.
export const accessLogs = pgTable(
  'access_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    event: text('event').$type<'login' | 'logout'>().notNull(),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('access_logs_user_idx').on(t.companyId, t.userId, t.createdAt)],
);
