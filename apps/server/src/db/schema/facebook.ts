import { index, integer, pgTable, text, timestamptz } from './columns';
import { companies } from './companies';

// Facebook Login of a company (issue 14): the long-lived user token of the last manager who logged in, sealed
// with the app secret; the pages screen lists that user's pages and takes their page tokens from it.
export const facebookLogins = pgTable('facebook_logins', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  userId: integer('user_id').notNull(),
  fbUserId: text('fb_user_id').notNull(),
  fbUserName: text('fb_user_name').notNull(),
  tokenSealed: text('token_sealed').notNull(),
  expiresAt: timestamptz('expires_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

// Facebook Login dialogs under way: the nonce of each signed `state`, taken once by the callback (a state
// replayed or from another login finds nothing).
export const facebookLoginStates = pgTable(
  'facebook_login_states',
  {
    nonce: text('nonce').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('facebook_login_states_expires_idx').on(t.expiresAt)],
);
