import { timestamp } from 'drizzle-orm/pg-core';

export {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Every timestamp is timestamptz in UTC (ARCHITECTURE: Time).
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
