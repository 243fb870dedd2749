import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform';

// The health area's tables: vitals.

export const bloodPressures = pgTable(
  'blood_pressures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    systolic: integer('systolic').notNull(),
    diastolic: integer('diastolic').notNull(),
    pulse: integer('pulse'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list reads a member's rows newest first with a keyset cursor on (measured_at, id).
  (table) => [index('blood_pressures_user_measured_idx').on(table.userId, sql`${table.measuredAt} desc`, sql`${table.id} desc`)],
);
