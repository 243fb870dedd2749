import { randomUUID } from 'node:crypto';
import { FITBIT_MESSAGES, FitbitErrorCodes, type FitbitConnection } from '@sukoyaka/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { fitbitAuthorizations, fitbitConnections } from '../../db/schema';
import { GOOGLE_HEALTH_SCOPES } from '../../integrations/google-health/config';
import { GoogleHealthError } from '../../integrations/google-health/errors';
import {
  authorizationUrl,
  createPkcePair,
  createState,
  exchangeCode,
  missingScopes,
  revokeToken,
  type TokenSet,
} from '../../integrations/google-health/oauth';
import { HttpError } from '../../platform/errors';
import { enqueueRevocation, type OutboxRow } from '../../platform/outbox';
import type { GoogleHealthService } from '../../services';
import { syncMember, type FitbitConnectionRow } from './sync';
import { seal, stateHash, unseal } from './tokens';

/** How long the member has on Google's consent page before the state expires. */
export const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

const fail = (status: number, key: keyof typeof FitbitErrorCodes) => new HttpError(status, FitbitErrorCodes[key], FITBIT_MESSAGES[key]);
export const fitbitUnavailable = () => fail(503, 'unavailable');

export function toConnection(row: FitbitConnectionRow | undefined, available: boolean): FitbitConnection {
  if (!row) {
    return {
      status: 'not_connected',
      connected: false,
      needsRenewal: false,
      available,
      connectedAt: null,
      lastSyncedAt: null,
      lastSyncResult: null,
      lastSyncedDay: null,
      lastSyncedDays: null,
    };
  }
  return {
    status: row.status === 'needs_renewal' ? 'needs_renewal' : 'active',
    connected: true,
    needsRenewal: row.status === 'needs_renewal',
    available,
    connectedAt: row.connectedAt.toISOString(),
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastSyncResult: (row.lastSyncResult as FitbitConnection['lastSyncResult']) ?? null,
    lastSyncedDay: row.lastSyncedDay,
    lastSyncedDays: row.lastSyncedDays,
  };
}

export async function findConnection(db: Database, userId: string): Promise<FitbitConnectionRow | undefined> {
  const [row] = await db.select().from(fitbitConnections).where(eq(fitbitConnections.userId, userId));
  return row;
}

/**
 * The consent page's address for this member and session: a fresh single-use state (stored as
 * its hash, bound to the session) and a PKCE pair whose verifier is kept sealed on our side.
 */
export async function startAuthorization(
  db: Database,
  google: GoogleHealthService,
  caller: { userId: string; sessionId: string },
  now: Date,
): Promise<{ authorizationUrl: string }> {
  const state = createState();
  const pkce = createPkcePair();
  const id = randomUUID();
  // The member's abandoned attempts are of no further use.
  await db.delete(fitbitAuthorizations).where(and(eq(fitbitAuthorizations.userId, caller.userId), lt(fitbitAuthorizations.expiresAt, now)));
  await db.insert(fitbitAuthorizations).values({
    id,
    stateHash: stateHash(state),
    sessionId: caller.sessionId,
    userId: caller.userId,
    codeVerifier: seal('fitbit_authorizations.code_verifier', id, pkce.verifier),
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
  });
  return { authorizationUrl: authorizationUrl(google.config, { redirectUri: google.redirectUri, state, codeChallenge: pkce.challenge }) };
}

/** Authorizations the member never came back from (hourly, from server.ts). */
export async function deleteExpiredFitbitAuthorizations(db: Database, now: Date): Promise<void> {
  await db.delete(fitbitAuthorizations).where(lt(fitbitAuthorizations.expiresAt, now));
}

/**
 * The callback: the state must be one this session started, unexpired and unused (it is used up
 * here, whatever follows); the code is exchanged with the stored verifier; the tokens are sealed
 * and stored, replacing an earlier connection's; then the steps are synced.
 */
export async function completeAuthorization(
  deps: { db: Database; google: GoogleHealthService; log?: Log },
  caller: { userId: string; sessionId: string },
  input: { code: string; state: string },
  now: Date,
): Promise<FitbitConnection> {
  const { db, google } = deps;
  const [pending] = await db
    .select()
    .from(fitbitAuthorizations)
    .where(eq(fitbitAuthorizations.stateHash, stateHash(input.state)));
  if (!pending) throw fail(400, 'stateInvalid');
  // Another session's state is refused and left alone: it is not this caller's to use up.
  if (pending.sessionId !== caller.sessionId || pending.userId !== caller.userId) throw fail(403, 'stateMismatch');
  // Used up in one statement: of two callbacks with the same state, one gets the row.
  const [taken] = await db.delete(fitbitAuthorizations).where(eq(fitbitAuthorizations.id, pending.id)).returning();
  if (!taken || taken.expiresAt <= now) throw fail(400, 'stateInvalid');
  const codeVerifier = unseal('fitbit_authorizations.code_verifier', taken.id, taken.codeVerifier);

  let tokens;
  try {
    tokens = await exchangeCode(
      google.config,
      { code: input.code, redirectUri: google.redirectUri, codeVerifier },
      { now: () => now.getTime() },
    );
  } catch (error) {
    if (error instanceof GoogleHealthError && error.kind === 'retryable') throw fitbitUnavailable();
    deps.log?.warn({ err: error }, 'Fitbit code exchange refused');
    throw fail(400, 'codeInvalid');
  }
  if (!tokens.refreshToken) throw fail(400, 'codeInvalid');
  // Steps need the activity scope; Google's consent page lets the member untick it.
  if (tokens.scopes.length > 0 && missingScopes(tokens, [GOOGLE_HEALTH_SCOPES.activity]).length > 0) {
    await revokeOrQueue(deps, tokens.refreshToken, now);
    throw fail(400, 'scopeMissing');
  }

  await storeConnection(deps, caller.userId, { ...tokens, refreshToken: tokens.refreshToken }, now);
  await syncMember(deps, caller.userId, now);
  return toConnection(await findConnection(db, caller.userId), true);
}

/** Stores a new grant's tokens (sealed) as the member's connection, replacing and revoking an earlier grant. */
export async function storeConnection(
  deps: { db: Database; google: GoogleHealthService; log?: Log },
  userId: string,
  tokens: Omit<TokenSet, 'refreshToken'> & { refreshToken: string },
  now: Date,
): Promise<void> {
  const { db } = deps;
  const previous = await findConnection(db, userId);
  // A new id per grant: each token is sealed for the row id it is stored under.
  const id = randomUUID();
  const update = {
    id,
    accessToken: seal('fitbit_connections.access_token', id, tokens.accessToken),
    refreshToken: seal('fitbit_connections.refresh_token', id, tokens.refreshToken),
    tokenExpiresAt: tokens.expiresAt,
    scopes: tokens.scopes.join(' '),
    status: 'active',
    connectedAt: now,
    syncStartedAt: null,
  };
  // Reconnecting keeps the sync position, so the steps missed while the grant was gone are fetched.
  await db
    .insert(fitbitConnections)
    .values({ ...update, userId })
    .onConflictDoUpdate({ target: fitbitConnections.userId, set: update });
  if (previous) {
    // The earlier grant is replaced: end it at Google too (it may well be revoked already).
    const oldToken = (() => {
      try {
        return unseal('fitbit_connections.refresh_token', previous.id, previous.refreshToken);
      } catch {
        return null;
      }
    })();
    if (oldToken) await revokeOrQueue(deps, oldToken, now);
  }
}

/** The outbox recipient of Google grant revocations (platform/outbox.ts, channel `revocation`). */
export const GOOGLE_HEALTH_REVOCATION = 'google_health';

/** Queues the revocation of a grant whose revocation failed, sealed, in the caller's transaction. */
async function queueRevocation(tx: Executor, refreshToken: string, now: Date): Promise<void> {
  const id = randomUUID();
  await enqueueRevocation(
    tx,
    { id, recipient: GOOGLE_HEALTH_REVOCATION, sealedToken: seal('outbox_messages.revocation', id, refreshToken) },
    { kind: 'fitbit_revocation', now },
  );
}

/**
 * Revokes a grant at Google; when Google refuses or cannot be reached, the revocation is queued
 * and retried by the outbox. Answers whether the grant is ended now.
 */
async function revokeAtOnce(deps: { google: GoogleHealthService | null; log?: Log }, refreshToken: string): Promise<boolean> {
  if (!deps.google) return false;
  try {
    await revokeToken(deps.google.config, refreshToken);
    return true;
  } catch (error) {
    deps.log?.warn({ err: error }, 'Fitbit revocation failed; queued for retry');
    return false;
  }
}

async function revokeOrQueue(deps: { db: Database; google: GoogleHealthService | null; log?: Log }, refreshToken: string, now: Date) {
  if (!(await revokeAtOnce(deps, refreshToken))) await queueRevocation(deps.db, refreshToken, now);
}

/** The outbox's sender for queued Google revocations: throws (so it is retried) until Google accepts. */
export async function revokeQueuedGrant(services: { googleHealth: GoogleHealthService | null }, row: OutboxRow): Promise<void> {
  if (!services.googleHealth) throw new Error('Google Health is not configured');
  // The body is dropped only once the row is settled, so a row handed to a sender still has it.
  if (row.body === null) throw new Error('the revocation was settled: its token is gone');
  await revokeToken(services.googleHealth.config, unseal('outbox_messages.revocation', row.id, row.body));
}

/**
 * Disconnecting: the tokens are deleted here at once and the grant revoked at Google. When Google
 * refuses or cannot be reached, the revocation is queued in the same transaction as the deletion
 * and retried by the outbox, and the answer says it is pending (the page tells the member);
 * a grant Google no longer knows counts as revoked.
 */
export async function disconnect(
  deps: { db: Database; google: GoogleHealthService | null; log?: Log },
  userId: string,
  now: Date,
): Promise<FitbitConnection & { revocationPending: boolean }> {
  const { db, google } = deps;
  const row = await findConnection(db, userId);
  if (!row) return { ...toConnection(undefined, google !== null), revocationPending: false };
  let refreshToken: string | null = null;
  try {
    refreshToken = unseal('fitbit_connections.refresh_token', row.id, row.refreshToken);
  } catch (error) {
    deps.log?.error({ err: error, userId }, 'Fitbit refresh token could not be opened; deleting the connection without revoking');
  }
  const revoked = refreshToken === null || (await revokeAtOnce(deps, refreshToken));
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(fitbitConnections).where(eq(fitbitConnections.id, row.id)).returning({ id: fitbitConnections.id });
    await tx.delete(fitbitAuthorizations).where(eq(fitbitAuthorizations.userId, userId));
    // Queued only by the call that removed the row (of two concurrent disconnects, one).
    if (!revoked && deleted) await queueRevocation(tx, refreshToken!, now);
  });
  return { ...toConnection(undefined, google !== null), revocationPending: !revoked };
}

/** The member's connection after an on-demand sync. */
export async function syncNow(
  deps: { db: Database; google: GoogleHealthService; log?: Log },
  userId: string,
  now: Date,
): Promise<FitbitConnection> {
  const row = await findConnection(deps.db, userId);
  if (!row) throw fail(404, 'notConnected');
  // A connection that needs renewing is not synced (Google would refuse): the page says so.
  if (row.status === 'active') await syncMember(deps, userId, now);
  return toConnection(await findConnection(deps.db, userId), true);
}
