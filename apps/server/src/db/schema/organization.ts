import { sql } from 'drizzle-orm';
import { foreignKey } from 'drizzle-orm/pg-core';
import { boolean, index, integer, pgTable, primaryKey, text, timestamptz } from './columns';
import { companies } from './companies';

export const sectors = pgTable(
  'sectors',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export const statuses = pgTable(
  'statuses',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    // 0 classification, 1 finalization (spec 1 §3 Status).
    shouldClose: integer('should_close').notNull().default(0),
    shouldRequire: boolean('should_require').notNull().default(false),
    useInBot: boolean('use_in_bot').notNull().default(false),
    pollId: integer('poll_id'),
    color: text('color').notNull().default('D2D2D2'),
    // Counts as a success in the effectiveness report and the operational summary (issue 19).
    success: boolean('success').notNull().default(false),
    message: text('message'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export const statusSectors = pgTable(
  'status_sectors',
  {
    companyId: integer('company_id').notNull(),
    statusId: integer('status_id').notNull(),
    sectorId: integer('sector_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.statusId, t.sectorId] }),
    foreignKey({ columns: [t.companyId, t.statusId], foreignColumns: [statuses.companyId, statuses.id] }),
    foreignKey({ columns: [t.companyId, t.sectorId], foreignColumns: [sectors.companyId, sectors.id] }),
    index('status_sectors_sector_idx').on(t.companyId, t.sectorId),
  ],
);

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
});
