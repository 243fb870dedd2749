import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { memberRef, moment, sessionRef } from './columns';

// The health area's Fitbit connection (Google Health API): written only by health/fitbit/.

/**
 * One Fitbit connection per member. Tokens are sealed by platform/crypto.ts with the context
 * `fitbit_connections.<column>:<id>`, so a value copied to another row or column does not open.
 */
export const fitbitConnections = pgTable(
  'fitbit_connections',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    tokenExpiresAt: moment('token_expires_at'),
    /** What the member granted, space-separated. */
    scopes: text('scopes').notNull(),
    /** active | needs_renewal (Google no longer accepts the grant). */
    status: text('status').notNull().default('active'),
    connectedAt: moment('connected_at'),
    /** A sync holds the connection from here (a lease: two overlapping syncs never both run). */
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** ok | failed | needs_renewal */
    lastSyncResult: text('last_sync_result'),
    /** The newest day (Japan) the synced steps reached; the next sync starts two days before it. */
    lastSyncedDay: date('last_synced_day', { mode: 'string' }),
    lastSyncedDays: integer('last_synced_days'),
  },
  // The scheduled job looks for active connections synced longest ago.
  (table) => [index('fitbit_connections_due_idx').on(table.status, sql`${table.lastSyncedAt} asc nulls first`)],
);

/**
 * An authorization in progress: the `state` sent to Google (its SHA-256 only), bound to the
 * session that started it, and the PKCE verifier (sealed), until the callback uses it once.
 */
export const fitbitAuthorizations = pgTable(
  'fitbit_authorizations',
  {
    id: uuid('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    sessionId: sessionRef(),
    userId: memberRef(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: moment('created_at'),
    expiresAt: moment('expires_at'),
  },
  (table) => [index('fitbit_authorizations_user_idx').on(table.userId)],
);
