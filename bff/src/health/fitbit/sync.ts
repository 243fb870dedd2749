import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fitbitConnections } from '../../db/schema';
import { GoogleHealthError } from '../../integrations/google-health/errors';
import { GOOGLE_HEALTH_SCOPES } from '../../integrations/google-health/config';
import type { SleepSession } from '../../integrations/google-health/client';
import { needsRefresh, refreshAccessToken } from '../../integrations/google-health/oauth';
import type { GoogleHealthService } from '../../services';
import { settleActivities } from '../../platform/activity-events';
import { saveWearableSleeps } from '../sleeps';
import { saveDailySteps } from '../steps';
import { addDays, japanDay, seal, unseal } from './tokens';

export type FitbitConnectionRow = typeof fitbitConnections.$inferSelect;

/** A sync holds its connection this long at most; a crashed one is taken over after it. */
export const SYNC_LEASE_MS = 5 * 60 * 1000;
/** The first sync reaches this many days back (today included). */
export const FIRST_SYNC_DAYS = 30;
/** Later syncs start this many days before the last synced day: late uploads from the tracker. */
export const OVERLAP_DAYS = 2;

interface SyncDeps {
  db: Database;
  google: GoogleHealthService;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Takes the member's active connection for one sync, or null when there is none or another sync
 * holds it (the lease is taken in one statement, so two overlapping syncs never both run).
 */
export async function claimConnection(db: Database, userId: string, now: Date): Promise<FitbitConnectionRow | null> {
  const [row] = await db
    .update(fitbitConnections)
    .set({ syncStartedAt: now })
    .where(
      and(
        eq(fitbitConnections.userId, userId),
        eq(fitbitConnections.status, 'active'),
        or(isNull(fitbitConnections.syncStartedAt), lt(fitbitConnections.syncStartedAt, new Date(now.getTime() - SYNC_LEASE_MS))),
      ),
    )
    .returning();
  return row ?? null;
}

/** Active connections last synced before `staleBefore`, taken for a sync; rows another job holds are skipped. */
export async function claimDueConnections(db: Database, now: Date, staleBefore: Date, limit: number): Promise<FitbitConnectionRow[]> {
  const leaseExpired = new Date(now.getTime() - SYNC_LEASE_MS);
  const due = db
    .select({ id: fitbitConnections.id })
    .from(fitbitConnections)
    .where(
      and(
        eq(fitbitConnections.status, 'active'),
        or(isNull(fitbitConnections.lastSyncedAt), lt(fitbitConnections.lastSyncedAt, staleBefore)),
        or(isNull(fitbitConnections.syncStartedAt), lt(fitbitConnections.syncStartedAt, leaseExpired)),
      ),
    )
    .orderBy(sql`${fitbitConnections.lastSyncedAt} asc nulls first`)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(fitbitConnections)
    .set({ syncStartedAt: now })
    .where(sql`${fitbitConnections.id} in ${due}`)
    .returning();
}

export type SyncResult = 'ok' | 'failed' | 'needs_renewal';

/**
 * Syncs one claimed connection: refreshes the access token ahead of expiry, reads the daily step
 * totals (the last 30 days the first time, then from two days before the last synced day) and
 * saves one count per day, replacing the day's earlier count; with the sleep scope, the same
 * period's sleep sessions, each replacing its earlier version (sleeps.ts). A grant Google no longer accepts
 * marks the connection needs_renewal, which the member sees; other failures are recorded and
 * retried by the next sync. Always releases the lease.
 */
export async function syncClaimedConnection({ db, google, log }: SyncDeps, row: FitbitConnectionRow, now: Date): Promise<SyncResult> {
  try {
    let accessToken = unseal('fitbit_connections.access_token', row.id, row.accessToken);
    let refreshToken = unseal('fitbit_connections.refresh_token', row.id, row.refreshToken);
    let refreshed = false;
    let scopes = row.scopes.split(' ');
    const refresh = async () => {
      refreshed = true;
      const tokens = await refreshAccessToken(google.config, refreshToken, { now: () => now.getTime() });
      accessToken = tokens.accessToken;
      refreshToken = tokens.refreshToken ?? refreshToken;
      if (tokens.scopes.length > 0) scopes = tokens.scopes;
      // Stored at once: Google may have rotated the refresh token, and the old one is then spent.
      await db
        .update(fitbitConnections)
        .set({
          accessToken: seal('fitbit_connections.access_token', row.id, tokens.accessToken),
          refreshToken: seal('fitbit_connections.refresh_token', row.id, refreshToken),
          tokenExpiresAt: tokens.expiresAt,
          ...(tokens.scopes.length > 0 ? { scopes: tokens.scopes.join(' ') } : {}),
        })
        .where(eq(fitbitConnections.id, row.id));
    };
    if (needsRefresh({ expiresAt: row.tokenExpiresAt }, now.getTime())) await refresh();
    const today = japanDay(now);
    const from = row.lastSyncedDay ? addDays(row.lastSyncedDay, -OVERLAP_DAYS) : addDays(today, -(FIRST_SYNC_DAYS - 1));
    const range = { from: from > today ? today : from, to: today };
    let days;
    try {
      days = await google.client.dailySteps(accessToken, range);
    } catch (error) {
      // 401: the access token ended before our clock said so (an expiry shorter than announced,
      // a token revoked alone): refresh once and ask again. Only a refused refresh (invalid_grant)
      // or a second 401 means the grant is gone and the member reconnects.
      const unauthenticated = error instanceof GoogleHealthError && error.kind === 'grant_invalid' && error.status === 401;
      if (refreshed || !unauthenticated) throw error;
      await refresh();
      days = await google.client.dailySteps(accessToken, range);
    }
    // Sleep (issue 29), when the member granted it: the sessions that started from noon of the day
    // before the range, so the night that woke on its first day is read too.
    let sessions: SleepSession[] = [];
    if (scopes.includes(GOOGLE_HEALTH_SCOPES.sleep)) {
      try {
        sessions = await google.client.sleepSessions(accessToken, {
          from: new Date(`${addDays(range.from, -1)}T12:00:00+09:00`),
          until: new Date(now.getTime() + 60_000),
        });
      } catch (error) {
        // Sleep withdrawn alone (403) leaves the steps: the member keeps their connection.
        if (!(error instanceof GoogleHealthError && error.status === 403)) throw error;
        log?.warn({ userId: row.userId, err: error }, 'Fitbit sleep not readable: steps only');
      }
    }
    await db.transaction(async (tx) => {
      // Still connected? A disconnect while Google answered means the member wants nothing more saved.
      const [still] = await tx
        .select({ id: fitbitConnections.id })
        .from(fitbitConnections)
        .where(eq(fitbitConnections.id, row.id))
        .for('update');
      if (!still) return;
      for (const { day, steps } of days) await saveDailySteps(tx, row.userId, { day, steps, source: 'wearable' });
      await saveWearableSleeps(tx, row.userId, sessions, now);
      // What the new counts earn, with them (decision 0006).
      await settleActivities(tx, row.userId, now);
      await tx
        .update(fitbitConnections)
        .set({ lastSyncedAt: now, lastSyncResult: 'ok', lastSyncedDay: today, lastSyncedDays: days.length, syncStartedAt: null })
        .where(eq(fitbitConnections.id, row.id));
    });
    return 'ok';
  } catch (error) {
    const renewal = error instanceof GoogleHealthError && error.kind === 'grant_invalid';
    if (renewal) log?.warn({ userId: row.userId, err: error }, 'Fitbit grant no longer valid: the member is asked to reconnect');
    else log?.error({ userId: row.userId, err: error }, 'Fitbit sync failed');
    await db
      .update(fitbitConnections)
      .set({
        lastSyncedAt: now,
        lastSyncResult: renewal ? 'needs_renewal' : 'failed',
        ...(renewal ? { status: 'needs_renewal' } : {}),
        syncStartedAt: null,
      })
      .where(eq(fitbitConnections.id, row.id));
    return renewal ? 'needs_renewal' : 'failed';
  }
}

/** One member's sync now (on connect, on demand); null when not connected or already syncing. */
export async function syncMember(deps: SyncDeps, userId: string, now: Date): Promise<SyncResult | null> {
  const row = await claimConnection(deps.db, userId, now);
  return row ? syncClaimedConnection(deps, row, now) : null;
}

/** The scheduled job's one run: every due connection, a batch at a time, one after another. */
export async function syncDueConnections(deps: SyncDeps, now: Date, staleAfterMs: number, batch = 20): Promise<number> {
  let synced = 0;
  for (;;) {
    const rows = await claimDueConnections(deps.db, now, new Date(now.getTime() - staleAfterMs), batch);
    for (const row of rows) await syncClaimedConnection(deps, row, now);
    synced += rows.length;
    if (rows.length < batch) return synced;
  }
}
