import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { associationRef, createdAt, generatedId, moment } from './columns';

// The associations' staff (mf-admin). Never members: their own accounts, roles per association
// and sessions. The platform reads them to decide who calls (platform/operator-sessions.ts);
// bff/src/operators/ writes the accounts and their two-factor setting.

export const operators = pgTable('operators', {
  id: generatedId(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** argon2id, as the members' (lib/password.ts). */
  passwordHash: text('password_hash').notNull(),
  /** The TOTP secret (base32), sealed (platform/crypto.ts); null until enrolled. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** Failed passwords or codes in a row, and the lock they lead to. */
  failedAuthCount: integer('failed_auth_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** A disabled operator cannot sign in; their sessions end. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** What an operator may do in one association: `editor` (publish, change) or `viewer` (read). */
export const operatorRoles = pgTable(
  'operator_roles',
  {
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    associationId: associationRef(),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.operatorId, table.associationId] }),
    index('operator_roles_association_idx').on(table.associationId),
  ],
);

/**
 * One row per operator browser session, behind its own cookie (`sukoyaka_operator`). As for
 * members only the token's SHA-256 is kept. A session starts anonymous (it carries the token the
 * sign-in POST needs), learns its operator at the password step, and is signed in only once the
 * second factor is given (`secondFactorAt`); each step rotates it. It ends at `expiresAt` (eight
 * hours after the start) or after thirty minutes unused (`lastSeenAt`).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: generatedId(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
    authenticityToken: text('authenticity_token').notNull(),
    /** The TOTP code was given (or enrolment finished): the operator is signed in. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** Enrolment: the secret offered to this session, sealed, until the first code confirms it. */
    pendingTotpSecret: text('pending_totp_secret'),
    createdAt: moment('created_at'),
    lastSeenAt: moment('last_seen_at'),
    expiresAt: moment('expires_at'),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId), index('operator_sessions_expires_idx').on(table.expiresAt)],
);
