import { foreignKey } from 'drizzle-orm/pg-core';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamptz } from './columns';
import { companies } from './companies';
import { sectors } from './organization';
import { users } from './users';

// The companies an admin manages besides their own (spec 2 §6: "a company admin adds newly created companies
// to their own list"). Lords (role 1000) see every company without rows here.
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('user_companies_company_idx').on(t.companyId),
  ],
);

// Profiles group users for module permissions (spec 2 §3 Profile).
export const profiles = pgTable(
  'profiles',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

// Message signatures of a user per sector (spec 2 §3 Signature).
export const signatures = pgTable(
  'signatures',
  {
    companyId: integer('company_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    sectorId: integer('sector_id').notNull(),
    label: text('label').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.sectorId], foreignColumns: [sectors.companyId, sectors.id] }),
    index('signatures_user_idx').on(t.companyId, t.userId),
  ],
);

// Module permissions (spec 3 §3 Permission): read/write per action for a user or a profile. A user with rows
// of their own uses them; otherwise their profile's; with neither the user has no module restrictions.
export const modulePermissions = pgTable(
  'module_permissions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    targetType: text('target_type').$type<'user' | 'profile'>().notNull(),
    targetId: integer('target_id').notNull(),
    actionId: text('action_id').notNull(),
    read: boolean('read').notNull().default(false),
    write: boolean('write').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.targetType, t.targetId, t.actionId] })],
);

export const sellers = pgTable('sellers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email'),
});

export type TContractRule = { start_limit: number; end_limit: number; value: number };

// One contract per company (spec 2 §3 Contract). Money is stored in cents.
export const contracts = pgTable('contracts', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  startDate: text('start_date'),
  dueDate: text('due_date'),
  rules: jsonb('rules').$type<TContractRule[]>().notNull().default([]),
  numberValue: integer('number_value').notNull().default(0),
  observation: text('observation').notNull().default(''),
  sellerId: integer('seller_id').references(() => sellers.id),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type TImportRowStatus = 'PENDING' | 'PROCESS' | 'FINISHED' | 'FAILED';
export type TImportRow = {
  line: number;
  name: string;
  email: string;
  display_name: string;
  gender: string;
  role: number;
  sectors: number[];
  transfer_sectors: number[];
  status: TImportRowStatus;
  message: string | null;
  user_id: number | null;
};

// A CSV user import (spec 2 §4): saved rows are created by a job, each PENDING → PROCESS → FINISHED.
export const userImports = pgTable(
  'user_imports',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    createdBy: integer('created_by').notNull(),
    fileName: text('file_name').notNull(),
    // Passwords are hashed before they are stored here (argon2id), never kept in clear.
    rows: jsonb('rows').$type<(TImportRow & { password_hash: string })[]>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
