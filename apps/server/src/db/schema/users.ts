import { sql } from 'drizzle-orm';
import { foreignKey } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamptz,
  uniqueIndex,
} from './columns';
import { companies } from './companies';
import { sectors } from './organization';

export const users = pgTable(
  'users',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    // Set when an admin defines the password: the user must choose a new one at the next login.
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    gender: text('gender'),
    role: integer('role').notNull().default(0),
    profileId: integer('profile_id'),
    inactiveSince: timestamptz('inactive_since'),
    operatorStatus: text('operator_status').notNull().default('offline'),
    // Fairness of distribution: the operator idle longest gets the next attendance.
    lastAssignedAt: timestamptz('last_assigned_at'),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // Login looks users up by e-mail across companies, so e-mails are unique platform-wide.
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_id_uq').on(t.id),
  ],
);

export const userSectors = pgTable(
  'user_sectors',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    sectorId: integer('sector_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.sectorId] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.sectorId], foreignColumns: [sectors.companyId, sectors.id] }),
    index('user_sectors_sector_idx').on(t.companyId, t.sectorId),
  ],
);

// Sectors a user may transfer attendances to when the company uses restrictTransfer (spec 2 §3 sectors_transfer).
export const userTransferSectors = pgTable(
  'user_transfer_sectors',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    sectorId: integer('sector_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.sectorId] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.sectorId], foreignColumns: [sectors.companyId, sectors.id] }),
  ],
);
