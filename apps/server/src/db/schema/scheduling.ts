import { sql } from 'drizzle-orm';
import { foreignKey, smallint } from 'drizzle-orm/pg-core';
import { attendances } from './attendance';
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

// A planned return to a contact (spec 1 §3 Scheduling): status 1 open, 2 done (returned), 3 canceled.
export const schedules = pgTable(
  'schedules',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    attendanceId: bigint('attendance_id', { mode: 'number' }).notNull(),
    contactId: integer('contact_id').notNull(),
    personId: integer('person_id').notNull(),
    sectorId: integer('sector_id').notNull(),
    returnAt: timestamptz('return_at').notNull(),
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    doneAt: timestamptz('done_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.attendanceId],
      foreignColumns: [attendances.companyId, attendances.id],
    }),
    foreignKey({ columns: [t.companyId, t.sectorId], foreignColumns: [sectors.companyId, sectors.id] }),
    // Only one open schedule per attendance ("Este atendimento já possui um agendamento.").
    uniqueIndex('schedules_open_attendance_uq').on(t.companyId, t.attendanceId).where(sql`status = 1`),
    // The due-time sweep reads the open ones across companies in return order.
    index('schedules_open_due_idx').on(t.returnAt).where(sql`status = 1`),
    index('schedules_contact_idx').on(t.companyId, t.contactId, t.returnAt.desc().nullsFirst()),
    // The attendance timers look up a recent return (done_at) of an attendance.
    index('schedules_attendance_idx').on(t.companyId, t.attendanceId, t.doneAt),
  ],
);

export type TContactFieldOption = { key: string; value: string };

// Custom contact fields (spec 1 §3 and spec 3 §3 Contact metadata definition); values live per attendance in
// attendances.data.contact_metadata, so the history keeps what was filled in each attendance.
export const contactFieldDefinitions = pgTable(
  'contact_field_definitions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<'text' | 'list'>().notNull(),
    options: jsonb('options').$type<TContactFieldOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    // A pattern of 9 (digit), a (letter) and * (either), or 'numeric'; null means free text.
    mask: text('mask'),
    isActive: boolean('is_active').notNull().default(true),
    // Null: every sector.
    sectorId: integer('sector_id'),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.sectorId], foreignColumns: [sectors.companyId, sectors.id] }),
    uniqueIndex('contact_field_definitions_key_uq').on(t.companyId, t.key),
  ],
);
