import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const associations = pgTable('associations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** While true, the association's members get `association_under_maintenance`. */
  underMaintenance: boolean('under_maintenance').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    associationId: uuid('association_id').references(() => associations.id),
    /** When the association confirmed the membership; null: `user_not_association_verified`. */
    associationVerifiedAt: timestamp('association_verified_at', { withTimezone: true }),
    /** The last day of the membership (Japan time); after it, `user_membership_expired`. */
    membershipExpiresOn: date('membership_expires_on', { mode: 'string' }),
    /** Set by the association or the operator; a suspended member cannot use the service. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Failed authentications in a row, and the lock they lead to (`system_account_locked`). */
    failedAuthCount: integer('failed_auth_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_association_idx').on(table.associationId)],
);

/**
 * One row per browser session. The cookie holds a random token; only its SHA-256 is stored, so a
 * leaked table cannot be replayed. A visitor gets a session too (it carries the authenticity
 * token the sign-in POST needs); signing in rotates it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    authenticityToken: text('authenticity_token').notNull(),
    birthdayAuthExpiresAt: timestamp('birthday_auth_expires_at', { withTimezone: true }),
    passwordAuthExpiresAt: timestamp('password_auth_expires_at', { withTimezone: true }),
    mynaSecretQuestionExpiresAt: timestamp('myna_secret_question_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

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
