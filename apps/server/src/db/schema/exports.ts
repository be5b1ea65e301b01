import { index, integer, jsonb, pgTable, primaryKey, text, timestamptz, uuid } from './columns';

// Large exports run as jobs; the file is offered for download when ready.
export const exportsTable = pgTable(
  'exports',
  {
    companyId: integer('company_id').notNull(),
    id: uuid('id').defaultRandom(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<'history'>().notNull(),
    status: text('status').$type<'queued' | 'processing' | 'done' | 'failed'>().notNull().default('queued'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    filePath: text('file_path'),
    rows: integer('rows'),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('exports_user_idx').on(t.companyId, t.userId, t.createdAt),
  ],
);
