import { foreignKey } from 'drizzle-orm/pg-core';
import { channels } from './channels';
import { integer, pgTable, primaryKey, timestamptz } from './columns';

/**
 * WhatsApp-by-QR channels a manager marked "em pane" in the Monitor (spec 1 §8 'Pane alterada com sucesso.',
 * §9 breakdown-activate): a known breakdown, so the Monitor stops sounding its alert until the mark is removed.
 */
export const channelBreakdowns = pgTable(
  'channel_breakdowns',
  {
    companyId: integer('company_id').notNull(),
    channelId: integer('channel_id').notNull(),
    userId: integer('user_id'),
    since: timestamptz('since').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.channelId] }),
    foreignKey({
      columns: [t.companyId, t.channelId],
      foreignColumns: [channels.companyId, channels.id],
    }).onDelete('cascade'),
  ],
);
