import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const associations = pgTable('associations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** 保険者番号: the 8-digit insurer number members give to link themselves (org verification). */
  insurerNumber: text('insurer_number').unique(),
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
    /** Null until the member opens the link of the verification mail. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** E.164, set once confirmed by an SMS code; SMS two-factor is on while smsMfaEnabledAt is set. */
    phoneNumber: text('phone_number'),
    smsMfaEnabledAt: timestamp('sms_mfa_enabled_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
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
    /** Password checked, SMS code still to come: the member this session is signing in as. */
    pendingMfaUserId: uuid('pending_mfa_user_id').references(() => users.id, { onDelete: 'cascade' }),
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

/**
 * Single-use links sent by mail: e-mail verification, password reset, e-mail change. Only the
 * SHA-256 of the token is kept; `usedAt` makes a second use fail.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['email_verification', 'password_reset', 'email_change'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to (the new one, for an e-mail change). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('one_time_tokens_user_idx').on(table.userId, table.purpose)],
);

/** Six-digit codes sent by SMS: to confirm a phone number, or as the second step of sign-in. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['phone_setup', 'sign_in'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sms_codes_user_idx').on(table.userId, table.purpose)],
);

/**
 * The association's roster of insured people (被保険者): a member links to the association by
 * matching one entry (insurer number + 記号 + 番号 + birthday). Imported from CSV by a CLI.
 */
export const rosterEntries = pgTable(
  'roster_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    associationId: uuid('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    memberSymbol: text('member_symbol').notNull(),
    memberNumber: text('member_number').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    /** The member who linked to this entry; one member per entry. */
    linkedUserId: uuid('linked_user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('roster_entries_identity_idx').on(table.associationId, table.memberSymbol, table.memberNumber, table.birthday)],
);

/** Versioned documents a member agrees to: an association's terms and the data-provision consent. */
export const agreementDocuments = pgTable(
  'agreement_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    associationId: uuid('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['association_terms', 'privacy_provision'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('agreement_documents_version_idx').on(table.associationId, table.kind, table.version)],
);

/** A member's consent to one version of a document; withdrawing keeps the row and sets withdrawnAt. */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => agreementDocuments.id, { onDelete: 'cascade' }),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [index('consents_user_idx').on(table.userId, table.documentId)],
);

/** Notification preferences, one row per member and category. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.category] })],
);

/** Every account event: sign-in, failure, lock, reset, e-mail change, MFA change, consent. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_logs_user_idx').on(table.userId, table.createdAt),
    index('audit_logs_event_idx').on(table.event, table.createdAt),
  ],
);
