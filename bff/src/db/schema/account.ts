import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './platform';
import { associationRef, createdAt, generatedId, memberRef, moment } from './columns';

// The account area's tables: mail and SMS codes, sign-in locks and known browsers, rosters,
// agreements, notification settings.

/**
 * Single-use links sent by mail: e-mail verification, password reset, e-mail change, unlocking
 * the account. Only the SHA-256 of the token is kept; `usedAt` makes a second use fail.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: generatedId(),
    purpose: text('purpose', { enum: ['email_verification', 'password_reset', 'email_change', 'account_unlock'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: memberRef(),
    /** The address the link was sent to (the new one, for an e-mail change). */
    email: text('email').notNull(),
    expiresAt: moment('expires_at'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_tokens_user_idx').on(table.userId, table.purpose)],
);

/** Six-digit codes sent by SMS: to confirm a phone number, or as the second step of sign-in. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: generatedId(),
    purpose: text('purpose', { enum: ['phone_setup', 'sign_in'] }).notNull(),
    userId: memberRef(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: moment('expires_at'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sms_codes_user_idx').on(table.userId, table.purpose)],
);

/**
 * Wrong passwords at sign-in from browsers without a device cookie of the account, counted per
 * address typed, registered or not (account/lockout.ts), so that an unknown address locks just as
 * a registered one does. Keyed by the SHA-256 of the normalised address: what strangers type is
 * not kept readable.
 */
export const signInLocks = pgTable('sign_in_locks', {
  emailHash: text('email_hash').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  /** Until then, browsers unknown to the account get 423 `system_account_locked`. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: moment('updated_at'),
});

/**
 * Browsers that have signed in to an account (OWASP device cookies): the browser keeps a random
 * token in an HttpOnly cookie, only its SHA-256 is stored. Such a browser has its own allowance of
 * wrong passwords while strangers are locked out (account/known-devices.ts).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: generatedId(),
    userId: memberRef(),
    tokenHash: text('token_hash').notNull().unique(),
    failedCount: integer('failed_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: moment('created_at'),
    lastSignInAt: moment('last_sign_in_at'),
  },
  (table) => [index('known_devices_user_idx').on(table.userId)],
);

/**
 * The association's roster of insured people (被保険者): a member links to the association by
 * matching one entry (insurer number + 記号 + 番号 + birthday). Imported from CSV by a CLI.
 */
export const rosterEntries = pgTable(
  'roster_entries',
  {
    id: generatedId(),
    associationId: associationRef(),
    memberSymbol: text('member_symbol').notNull(),
    memberNumber: text('member_number').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    /** The member who linked to this entry; one member per entry. */
    linkedUserId: uuid('linked_user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('roster_entries_identity_idx').on(table.associationId, table.memberSymbol, table.memberNumber, table.birthday)],
);

/** Versioned documents a member agrees to: an association's terms and the data-provision consent. */
export const agreementDocuments = pgTable(
  'agreement_documents',
  {
    id: generatedId(),
    associationId: associationRef(),
    kind: text('kind', { enum: ['association_terms', 'privacy_provision'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: moment('published_at').defaultNow(),
  },
  (table) => [uniqueIndex('agreement_documents_version_idx').on(table.associationId, table.kind, table.version)],
);

/** A member's consent to one version of a document; withdrawing keeps the row and sets withdrawnAt. */
export const consents = pgTable(
  'consents',
  {
    id: generatedId(),
    userId: memberRef(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => agreementDocuments.id, { onDelete: 'cascade' }),
    agreedAt: moment('agreed_at'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [index('consents_user_idx').on(table.userId, table.documentId)],
);

/** Notification preferences, one row per member and category. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: memberRef(),
    category: text('category').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: moment('updated_at').defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.category] })],
);

/**
 * Which notification mail went to which member (kind: announcement, enquete, points_expiry; item:
 * the announcement's or enquete's id, or the point lot's id). Written in the transaction of the
 * outbox row: the primary key makes a second pass, or a second instance, send nothing twice.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    userId: memberRef(),
    kind: text('kind', {
      enum: ['announcement', 'enquete', 'points_expiry', 'article', 'walking_start', 'walking_team', 'walking_result'],
    }).notNull(),
    itemId: text('item_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.itemId] })],
);

/**
 * The fan-out of one announcement or enquete to its audience (content/notifications.ts): created
 * once when the item enters its window, then walked over the audience's members in id order,
 * `afterUserId` being the last member handled, until `doneAt`. A pass with nothing new reads
 * only the unfinished rows (a partial index, empty most of the time).
 */
export const notificationFanouts = pgTable(
  'notification_fanouts',
  {
    kind: text('kind', { enum: ['announcement', 'enquete', 'article', 'walking_start', 'walking_result'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    /** The item's association; null: site-wide (every member). */
    associationId: uuid('association_id'),
    /** Members who signed up after this (the item's publication) are not mailed about it. */
    cutoff: timestamp('cutoff', { withTimezone: true }).notNull(),
    afterUserId: uuid('after_user_id'),
    recipients: integer('recipients').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId] }),
    index('notification_fanouts_open_idx')
      .on(table.createdAt)
      .where(sql`${table.doneAt} is null`),
  ],
);
