import { bigint, index, integer, pgTable, primaryKey, text, timestamptz } from './columns';
import { companies } from './companies';

// The built-in CRM (issue 22; spec 1 §7 Opportunities): boards whose columns are the opportunity statuses, and
// opportunities (leads) with product, value and owner, optionally linked to a contact and to one attendance.

export const crmBoards = pgTable(
  'crm_boards',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    archivedAt: timestamptz('archived_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/** A board's column: an opportunity status (e.g. Novo, Em negociação, Ganho, Perdido). */
export const crmColumns = pgTable(
  'crm_columns',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    boardId: integer('board_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    color: text('color').notNull().default('gray'),
    /** 'open' | 'won' | 'lost': what reaching this column means for the opportunity. */
    outcome: text('outcome').notNull().default('open'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('crm_columns_board_idx').on(t.companyId, t.boardId),
  ],
);

export const crmLeads = pgTable(
  'crm_leads',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    boardId: integer('board_id').notNull(),
    columnId: integer('column_id').notNull(),
    title: text('title').notNull(),
    product: text('product').notNull().default(''),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
    description: text('description').notNull().default(''),
    /** The responsible user (owner); null when removed. */
    ownerId: integer('owner_id'),
    contactId: bigint('contact_id', { mode: 'number' }),
    /** The attendance the opportunity is linked to (link state 1 for that attendance, 2 for any other). */
    attendanceId: bigint('attendance_id', { mode: 'number' }),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('crm_leads_contact_idx').on(t.companyId, t.contactId),
    index('crm_leads_attendance_idx').on(t.companyId, t.attendanceId),
    index('crm_leads_created_idx').on(t.companyId, t.createdAt),
    index('crm_leads_column_idx').on(t.companyId, t.boardId, t.columnId, t.position),
  ],
);
