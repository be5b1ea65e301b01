import { sql } from 'drizzle-orm';
import { foreignKey } from 'drizzle-orm/pg-core';
import { bigint, index, integer, pgTable, primaryKey, text, timestamptz, uniqueIndex } from './columns';
import { companies } from './companies';
import { sectors } from './organization';

// Ready answers (spec 1 §3 Knowledge-base item, spec 3 §3). `search` is the lowercase accent-free title and
// text, written by the application on every save, so searches are case- and accent-insensitive everywhere.
export const knowledgeItems = pgTable(
  'knowledge_items',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    search: text('search').notNull(),
    // Used when the company's knowledgebase_scope is 'sector'; null means every sector.
    sectorId: integer('sector_id'),
    uses: integer('uses').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.sectorId], foreignColumns: [sectors.companyId, sectors.id] }),
    index('knowledge_items_search_idx').using('gin', t.search.op('gin_trgm_ops')),
    index('knowledge_items_uses_idx').on(t.companyId, t.uses),
  ],
);

export const knowledgeTags = pgTable(
  'knowledge_tags',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    tag: text('tag').notNull(),
    // Lowercase accent-free tag: one tag per company whatever its case or accents.
    normalized: text('normalized').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('knowledge_tags_normalized_idx').on(t.companyId, t.normalized),
  ],
);

export const knowledgeItemTags = pgTable(
  'knowledge_item_tags',
  {
    companyId: integer('company_id').notNull(),
    itemId: integer('item_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.itemId, t.tagId] }),
    foreignKey({
      columns: [t.companyId, t.itemId],
      foreignColumns: [knowledgeItems.companyId, knowledgeItems.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.companyId, t.tagId],
      foreignColumns: [knowledgeTags.companyId, knowledgeTags.id],
    }).onDelete('cascade'),
    index('knowledge_item_tags_tag_idx').on(t.companyId, t.tagId),
  ],
);

// Control words (spec 1 §5): the company's list, matched on `normalized` (lowercase, accent-free words).
export const controlWords = pgTable(
  'control_words',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    word: text('word').notNull(),
    normalized: text('normalized').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('control_words_normalized_idx').on(t.companyId, t.normalized),
  ],
);

// Every blocked message or name: who, when, which words (for the control words report).
export const controlWordLogs = pgTable(
  'control_word_logs',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }),
    kind: text('kind').$type<'message' | 'name'>().notNull(),
    words: text('words').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('control_word_logs_created_idx').on(t.companyId, t.createdAt),
  ],
);
