import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamptz, uniqueIndex } from './columns';
import { companies } from './companies';

// Multichannel links (issue 15; spec 2 §3 "Multichannel link", "Widget"): a public hotsite per hash listing the
// company's enabled channels, and an embeddable widget with the same buttons. `payload` is the channel map per
// type (waweb, hotsite, fa, web, em, telegram, nc) with call_me, custom_css and custom_links; `widget` the look of
// the widget (title, welcome, greeting, button texts, colours, logo_image).
export const multichannelLinks = pgTable(
  'multichannel_links',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The public name of the link: /hotsite/<hash> and the widget script. */
    hash: text('hash').notNull(),
    widget: jsonb('widget').$type<Record<string, unknown>>().notNull().default({}),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('multichannel_links_id_uq').on(t.id),
    uniqueIndex('multichannel_links_hash_uq').on(t.hash),
    index('multichannel_links_company_idx').on(t.companyId, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export type MultichannelLinkRow = typeof multichannelLinks.$inferSelect;
