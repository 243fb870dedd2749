import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { generatedId } from './generated-id';

// Tables the platform reads to decide who is calling and whether they may (members, their
// associations, sessions), and the audit log every area writes through platform/audit.ts.

export const associations = pgTable('associations', {
  id: generatedId(),
  name: text('name').notNull(),
  /** 保険者番号: the 8-digit insurer number members give to link themselves (org verification). */
  insurerNumber: text('insurer_number').unique(),
  /** While true, the association's members get `association_under_maintenance`. */
  underMaintenance: boolean('under_maintenance').notNull().default(false),
  /** Whether the association offers the My Number Portal connection (getNavigationInfo tells the areas). */
  mynaAvailable: boolean('myna_available').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: generatedId(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    /** 身長 in cm, to 0.1 (100.0–250.0); the health pages' BMI. */
    height: numeric('height', { precision: 4, scale: 1, mode: 'number' }),
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
    /**
     * Set when the member left the service (account/leave.ts): the row stays only as the anonymous
     * holder of the ledger and audit entries kept (docs/decisions/0001-leaving-the-service.md),
     * its personal fields cleared.
     */
    leftAt: timestamp('left_at', { withTimezone: true }),
    /**
     * When the member finished or skipped the first sign-in's welcome (nickname, height, step goal,
     * a device; issue 27): set once, so it is never asked again. Members who joined before it
     * existed count as done (the migration sets it).
     */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_association_idx').on(table.associationId),
    // The notification fan-out walks an association's members in id order (keyset batches).
    index('users_association_member_idx').on(table.associationId, table.id),
  ],
);

/**
 * One row per browser session. The cookie holds a random token; only its SHA-256 is stored, so a
 * leaked table cannot be replayed. A visitor gets a session too (it carries the authenticity
 * token the sign-in POST needs); signing in rotates it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: generatedId(),
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

/** Every account event: sign-in, failure, lock, reset, e-mail change, MFA change, consent. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: generatedId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** An operator's action (mf-admin): who (operators.id, kept as written) and in which association. */
    operatorId: uuid('operator_id'),
    associationId: uuid('association_id'),
    event: text('event').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_logs_user_idx').on(table.userId, table.createdAt),
    index('audit_logs_event_idx').on(table.event, table.createdAt),
    index('audit_logs_operator_idx').on(table.operatorId, table.createdAt),
    index('audit_logs_association_idx').on(table.associationId, table.createdAt.desc(), table.id.desc()),
    // Issue 28: the operators' audit list reads only operators' actions, a small part of an
    // association's log (every member's sign-in is there too). Plain "desc" (nulls first), as the
    // list's ORDER BY: the index above, "desc nulls last", never gave its order.
    index('audit_logs_association_operator_idx')
      .on(table.associationId, sql`${table.createdAt} desc`, sql`${table.id} desc`)
      .where(sql`${table.operatorId} is not null`),
  ],
);

/**
 * Mail and SMS waiting to leave (platform/outbox.ts, its only writer). A row is written in the
 * same transaction as what it tells of (a link issued, a code issued), so a member's call never
 * waits on SMTP or the SMS provider and nothing is lost across a restart; the worker sends it.
 * Subject and body are sealed (platform/crypto.ts) and dropped once the row is settled (sent,
 * failed or unknown): what stays is what the audit needs (kind, recipient, status, times).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: generatedId(),
    /** revocation: a grant to end at a provider (the recipient), its sealed token the body. */
    channel: text('channel', { enum: ['mail', 'sms', 'revocation'] }).notNull(),
    recipient: text('recipient').notNull(),
    /** Mail only; sealed, null once settled. */
    subject: text('subject'),
    /** Sealed (it holds links and codes); null once settled. */
    body: text('body'),
    /** A short label for logs (never the content): e.g. `password_reset`. */
    kind: text('kind').notNull(),
    /**
     * 'pending' (due at nextAttemptAt; claimed while claimedBy is set), 'sending' (handed to the
     * provider under attemptId), then 'sent', 'failed', or 'unknown': handed to the provider and
     * its outcome lost with the worker, never sent again (at most once).
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'unknown'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the row is due: the next try, or the end of a claim's lease while it is being sent. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The claim the row is under: every write of the worker's names it, so a lost claim writes nothing. */
    attemptId: uuid('attempt_id'),
    /** The process holding the claim (`host:pid:start token`), so another can tell when it is gone. */
    claimedBy: text('claimed_by'),
    /** After this it is pointless to send (an SMS code that has expired): marked failed instead. */
    discardAfter: timestamp('discard_after', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * 0: a message a member waits for (links, codes); 1: bulk notification mail. Due rows are sent
     * in this order, so a million announcement mails never hold up a password reset.
     */
    priority: smallint('priority').notNull().default(0),
    /**
     * `<kind>:<key>`: what the worker fills into the mail when it sends it (outbox.ts, MailFiller),
     * for a mail written in the same statement as what it tells of (a gift code taken there).
     */
    fillFrom: text('fill_from'),
  },
  (table) => [
    index('outbox_messages_due_idx').on(table.status, table.nextAttemptAt),
    // The worker's claim: pending rows by priority, then due time (a range of this index).
    index('outbox_messages_pending_priority_idx')
      .on(table.priority, table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    // The claims held (a handful): each pass looks for those whose process is gone.
    index('outbox_messages_claimed_idx')
      .on(table.claimedBy)
      .where(sql`${table.claimedBy} is not null`),
  ],
);

/**
 * One row per Idempotency-Key a caller sent with a POST (platform/idempotency.ts is its only
 * writer): the call and a hash of its input, then the answer once there is one, replayed to a
 * retry with the same key for 24 hours. `owner` is the member id, or the session id of a visitor.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    callName: text('call_name').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 'running' until the call answers, then 'done' with the answer's status and body. */
    status: text('status').$type<'running' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    /**
     * The answer's JSON body in the clear, as releases before issue 24 wrote it: no longer written
     * (kept while an older bff may still run during a rolling deploy; drop it in a later release).
     */
    response: jsonb('response'),
    /** The answer's JSON body, sealed (platform/crypto.ts): it may hold a gift code or a TOTP secret. */
    sealedResponse: text('sealed_response'),
    /**
     * Instead of a sealed answer, what the call made (`<kind>:<id>`), when its handler wrote the key
     * in the statement that made it (decision 0043): a replay rebuilds the answer from it.
     */
    answerFrom: text('answer_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.owner, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

/**
 * The sign-in throttle's attempts per client address, shared by every instance of the bff
 * (platform/auth-throttle-store.ts is its only writer): the times (epoch ms) of the attempts
 * still in the window, oldest first, and whether the latest attempt was allowed.
 */
export const authThrottleAttempts = pgTable(
  'auth_throttle_attempts',
  {
    key: text('key').primaryKey(),
    attempts: bigint('attempts', { mode: 'number' }).array().notNull(),
    lastAllowed: boolean('last_allowed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_throttle_attempts_updated_idx').on(table.updatedAt)],
);

/**
 * What members did that any area may reward, written by the area where it happened in the same
 * transaction (platform/activity-events.ts is its only writer), read by incentives: one row per
 * member, kind (e.g. `vital_recorded:weight`) and day in Japan, however often it happens that day.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: generatedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * True until the earning rules have looked at the event (the write that recorded it, or the
     * incentives job): the queue the job reads, so a pass with nothing pending is one index probe.
     */
    earningPending: boolean('earning_pending').notNull().default(true),
  },
  (table) => [
    unique('activity_events_user_kind_day_uq').on(table.userId, table.kind, table.day),
    index('activity_events_created_idx').on(table.createdAt),
    index('activity_events_pending_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.earningPending}`),
    // A write settles its member's pending events (decision 0006): their part of the queue.
    index('activity_events_pending_user_idx')
      .on(table.userId)
      .where(sql`${table.earningPending}`),
  ],
);

/**
 * One row per scheduled job (platform/jobs.ts is its only writer): the lease that lets one
 * instance run a pass while the others skip it, and the job's watermark (how far it has got
 * through its input), so a pass starts where the last one stopped.
 */
export const jobState = pgTable('job_state', {
  name: text('name').primaryKey(),
  /** The instance running (or last to run) a pass, `host:pid:token`; null: free. */
  leaseHolder: text('lease_holder'),
  /** Another instance may take the lease from this time on. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** The job's own position (e.g. the expiry horizon already noticed); null: from the start. */
  watermark: timestamp('watermark', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
