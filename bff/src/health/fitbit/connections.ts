import { randomUUID } from 'node:crypto';
import { FITBIT_MESSAGES, FitbitErrorCodes, type FitbitConnection } from '@sukoyaka/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
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
    await revokeToken(google.config, tokens.refreshToken).catch(() => undefined);
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
  const { db, google } = deps;
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
    if (oldToken)
      await revokeToken(google.config, oldToken).catch((error: unknown) =>
        deps.log?.warn({ err: error }, 'revoking the replaced Fitbit grant failed'),
      );
  }
}

/**
 * Disconnecting: the grant is revoked at Google, then the tokens are deleted. When Google cannot
 * be reached the connection is kept (503) so the member can try again rather than leave a live
 * grant behind; a grant Google no longer knows counts as revoked.
 */
export async function disconnect(
  deps: { db: Database; google: GoogleHealthService | null; log?: Log },
  userId: string,
): Promise<FitbitConnection> {
  const { db, google } = deps;
  const row = await findConnection(db, userId);
  if (!row) return toConnection(undefined, google !== null);
  if (google) {
    let refreshToken: string | null = null;
    try {
      refreshToken = unseal('fitbit_connections.refresh_token', row.id, row.refreshToken);
    } catch (error) {
      deps.log?.error({ err: error, userId }, 'Fitbit refresh token could not be opened; deleting the connection without revoking');
    }
    if (refreshToken) {
      try {
        await revokeToken(google.config, refreshToken);
      } catch (error) {
        if (error instanceof GoogleHealthError && error.kind === 'retryable') throw fitbitUnavailable();
        deps.log?.warn({ err: error, userId }, 'Fitbit revocation refused; deleting the tokens anyway');
      }
    }
  }
  await db.delete(fitbitConnections).where(eq(fitbitConnections.id, row.id));
  await db.delete(fitbitAuthorizations).where(eq(fitbitAuthorizations.userId, userId));
  return toConnection(undefined, google !== null);
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
