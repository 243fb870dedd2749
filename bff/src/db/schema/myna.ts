import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { generatedId, memberRef, moment, sessionRef } from './columns';

// The My Number Portal area (issue 12): written only by bff/src/myna/.
//
// Imported records hold their content in `payload`, sealed (AES-256-GCM) with the member's own
// data key (myna_data_keys, wrapped by the configured key), bound to `<table>.payload:<row id>`.
// Plain columns are only what sorting and paging need (a day, a month, a year) and the member; no
// medicine, value, institution or diagnosis is stored in the clear. The portal's record ids are
// kept as keyed HMACs (natural_key, with a key derived from the member's data key) so a second
// import adds only what is new without storing the ids themselves.

/** The member's own data key, wrapped; deleting it makes every sealed value of the member unreadable. */
export const mynaDataKeys = pgTable('myna_data_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  wrappedKey: text('wrapped_key').notNull(),
  createdAt: moment('created_at'),
});

/** Every consent to and withdrawal of the My Number terms, by version; kept (also after removal). */
export const mynaAgreements = pgTable(
  'myna_agreements',
  {
    id: generatedId(),
    userId: memberRef(),
    /** agreed | withdrawn */
    action: text('action').notNull(),
    version: integer('version').notNull(),
    at: moment('at'),
  },
  (table) => [index('myna_agreements_user_idx').on(table.userId, table.at.desc(), table.id.desc())],
);

/**
 * An authorization in progress: the `state` and `nonce` sent to the portal (their SHA-256 only),
 * bound to the session that started it, and the PKCE verifier (sealed), until the callback uses it once.
 */
export const mynaAuthorizations = pgTable(
  'myna_authorizations',
  {
    id: uuid('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    nonceHash: text('nonce_hash').notNull(),
    sessionId: sessionRef(),
    userId: memberRef(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: moment('created_at'),
    expiresAt: moment('expires_at'),
  },
  (table) => [index('myna_authorizations_user_idx').on(table.userId)],
);

/** The member's link: the portal's tokens, sealed with the member's data key. */
export const mynaLinks = pgTable('myna_links', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The id_token's subject (the member's pairwise id at the portal), sealed. */
  subject: text('subject').notNull(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  tokenExpiresAt: moment('token_expires_at'),
  linkedAt: moment('linked_at'),
  lastImportedAt: timestamp('last_imported_at', { withTimezone: true }),
});

/** The secret question: the answer as argon2id of its normalised form, and the lock of wrong answers. */
export const mynaSecretQuestions = pgTable('myna_secret_questions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  questionId: text('question_id').notNull(),
  answerHash: text('answer_hash').notNull(),
  /** Wrong answers in a row since the last correct one (or the lock's end). */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: moment('created_at'),
});

/**
 * Import jobs: queued by createMynaImport, claimed by the worker with FOR UPDATE SKIP LOCKED (a
 * lease in `claimed_until`, so a job whose process died is taken up again). One queued or running
 * job per member (the partial unique index).
 */
export const mynaImportJobs = pgTable(
  'myna_import_jobs',
  {
    id: uuid('id').primaryKey(),
    userId: memberRef(),
    /** queued | running | succeeded | failed */
    status: text('status').notNull(),
    /** queued | medical_exams | medicines | medical_bills | done */
    phase: text('phase').notNull(),
    /** Counts only (fetched and added per kind): never a value. */
    counts: jsonb('counts').$type<Record<string, { fetched: number; added: number }>>().notNull(),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    requestedAt: moment('requested_at'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('myna_import_jobs_user_idx').on(table.userId, table.requestedAt.desc()),
    index('myna_import_jobs_due_idx').on(table.status, table.requestedAt),
    uniqueIndex('myna_import_jobs_active_idx')
      .on(table.userId)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

/** Imported check-ups (特定健診): sorted by the examination day; everything else sealed in `payload`. */
export const mynaMedicalExams = pgTable(
  'myna_medical_exams',
  {
    id: uuid('id').primaryKey(),
    userId: memberRef(),
    naturalKey: text('natural_key').notNull(),
    /** The examination day at 00:00 Japan time (the list's order and cursor). */
    examinedAt: moment('examined_at'),
    payload: text('payload').notNull(),
    importedAt: moment('imported_at'),
  },
  (table) => [
    uniqueIndex('myna_medical_exams_key_idx').on(table.userId, table.naturalKey),
    // Plain "desc" (nulls first), as the list's ORDER BY (issue 28: "desc nulls last" gave no order).
    index('myna_medical_exams_list_idx').on(table.userId, sql`${table.examinedAt} desc`, sql`${table.id} desc`),
  ],
);

/** Imported dispensings (薬剤情報): one date at one pharmacy with its medicines, sealed in `payload`. */
export const mynaDispensings = pgTable(
  'myna_dispensings',
  {
    id: uuid('id').primaryKey(),
    userId: memberRef(),
    naturalKey: text('natural_key').notNull(),
    /** The dispensing day at 00:00 Japan time. */
    dispensedAt: moment('dispensed_at'),
    /** yyyy-MM of the dispensing (the month filter). */
    month: text('month').notNull(),
    payload: text('payload').notNull(),
    importedAt: moment('imported_at'),
  },
  (table) => [
    uniqueIndex('myna_dispensings_key_idx').on(table.userId, table.naturalKey),
    // Plain "desc" (nulls first), as the list's ORDER BY (issue 28: "desc nulls last" gave no order).
    index('myna_dispensings_list_idx').on(table.userId, sql`${table.dispensedAt} desc`, sql`${table.id} desc`),
  ],
);

/** Imported medical bills (医療費通知情報): one month at one institution, amounts sealed in `payload`. */
export const mynaMedicalBills = pgTable(
  'myna_medical_bills',
  {
    id: uuid('id').primaryKey(),
    userId: memberRef(),
    naturalKey: text('natural_key').notNull(),
    /** The first day of the month of treatment, 00:00 Japan time. */
    monthAt: moment('month_at'),
    /** yyyy-MM and its year, for the year's page and totals. */
    month: text('month').notNull(),
    year: integer('year').notNull(),
    payload: text('payload').notNull(),
    importedAt: moment('imported_at'),
  },
  (table) => [
    uniqueIndex('myna_medical_bills_key_idx').on(table.userId, table.naturalKey),
    // Plain "desc" (nulls first), as the list's ORDER BY (issue 28: "desc nulls last" gave no order).
    index('myna_medical_bills_list_idx').on(table.userId, sql`${table.monthAt} desc`, sql`${table.id} desc`),
    index('myna_medical_bills_year_idx').on(table.userId, table.year),
  ],
);

/**
 * Receipts the member typed in by hand for the 医療費控除 (issue 25 #3), kept apart from the
 * imported bills: the portal never deletes or rewrites them, and removing the imported records
 * removes them with the data key that seals them. Plain columns: the payment day and its year
 * (the year's list and the workbook); who, payee, 区分 and amounts are sealed in `payload`.
 */
export const mynaMedicalReceipts = pgTable(
  'myna_medical_receipts',
  {
    id: uuid('id').primaryKey(),
    userId: memberRef(),
    /** 支払年月日 (Japan), yyyy-MM-dd, and its year. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    year: integer('year').notNull(),
    payload: text('payload').notNull(),
    createdAt: moment('created_at'),
    updatedAt: moment('updated_at'),
  },
  (table) => [index('myna_medical_receipts_year_idx').on(table.userId, table.year, table.paidOn, table.id)],
);
