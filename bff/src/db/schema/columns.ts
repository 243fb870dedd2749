import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';
import { associations, sessions, users } from './platform';

/*
 * The column groups the area tables repeat, written once: each helper builds exactly the column
 * it replaces (same name, type, default and foreign key), so the SQL and the migrations' snapshot
 * are unchanged (`npx drizzle-kit generate` says "No schema changes"). platform.ts, which defines
 * the tables referenced here, does not use them (no import cycle).
 */

export { generatedId } from './generated-id';

/** A moment, with its time zone, always given. */
export const moment = (name: string) => timestamp(name, { withTimezone: true }).notNull();

/** `created_at`: when the row was written, the database's now unless given. */
export const createdAt = () => moment('created_at').defaultNow();

/** `user_id`: the member the row belongs to; it goes with them. */
export const memberRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** `association_id`: the association the row belongs to; it goes with it. */
export const associationRef = () =>
  uuid('association_id')
    .notNull()
    .references(() => associations.id, { onDelete: 'cascade' });

/** `session_id`: the browser session a short-lived row belongs to; it goes with it. */
export const sessionRef = () =>
  uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' });

/** A `bytea` column, read as a Buffer (stored files: documents, gift and article pictures). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
