// Linking the member's My Number card: an OpenID Connect authorization-code flow with PKCE (S256)
// and a single-use `state` and `nonce` bound to the session (the model: the Fitbit connection,
// health/fitbit/connections.ts). Only the hashes of state and nonce are stored; the nonce is
// derived from the state with a key of ours, so the callback can rebuild it without it being
// stored in the clear. The PKCE verifier is sealed by the configured key for its ten minutes.
import type { Actor } from '../platform/actor';
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { MYNA_MESSAGES, MynaErrorCodes, mynaPagePaths } from '@sukoyaka/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { mynaAuthorizations, mynaLinks } from '../db/schema';
import {
  MynaCodeInvalid,
  MynaIdTokenInvalid,
  MynaNonceMismatch,
  MynaPortalError,
  MynaPortalUnavailable,
} from '../integrations/myna-portal/errors';
import { buildMynaAuthorizationUrl, createPkcePair, createStateAndNonce, exchangeMynaCode } from '../integrations/myna-portal/oauth';
import type { MynaPortalConfig, MynaTokenSet } from '../integrations/myna-portal/types';
import { audit } from '../platform/audit';
import { decryptString, encrypt } from '../platform/crypto';
import { HttpError } from '../platform/errors';
import { assertCurrentConsent } from './agreements';
import { configuredKeyring, memberKeyFor, sha256Hex } from './keys';

/** How long the member has on the portal's pages before the state expires. */
export const MYNA_AUTHORIZATION_TTL_MS = 10 * 60 * 1000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

const fail = (status: number, key: keyof typeof MYNA_MESSAGES & keyof typeof MynaErrorCodes) =>
  new HttpError(status, MynaErrorCodes[key], MYNA_MESSAGES[key]);
export const mynaUnavailable = () => fail(503, 'unavailable');

/** The nonce of a state: HMAC under a key derived from the configured key (never stored, rebuilt at the callback). */
function nonceFor(state: string): string {
  const key = Buffer.from(hkdfSync('sha256', configuredKeyring().current.key, Buffer.alloc(0), 'sukoyaka myna oidc nonce', 32));
  return createHmac('sha256', key).update(state, 'utf8').digest('base64url');
}

const verifierContext = (id: string) => `myna_authorizations.code_verifier:${id}`;

/**
 * The portal's authorization address for this member and session (after consent): a fresh
 * single-use state and nonce (hashes stored, bound to the session), and a PKCE pair whose
 * verifier stays sealed on our side.
 */
export async function startAuthorization(
  db: Database,
  portal: MynaPortalConfig,
  caller: { userId: string; sessionId: string },
  now: Date,
): Promise<{ authorizationUrl: string; expiresAt: string }> {
  await assertCurrentConsent(db, caller.userId);
  const { state } = createStateAndNonce();
  const nonce = nonceFor(state);
  const pkce = createPkcePair();
  let authorizationUrl: string;
  try {
    authorizationUrl = await buildMynaAuthorizationUrl(portal, { state, nonce, codeChallenge: pkce.codeChallenge });
  } catch (error) {
    // Discovery failed: the portal is unreachable or misconfigured.
    if (error instanceof MynaPortalError) throw mynaUnavailable();
    throw error;
  }
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + MYNA_AUTHORIZATION_TTL_MS);
  await db.transaction(async (tx) => {
    // The member's abandoned attempts are of no further use.
    await tx.delete(mynaAuthorizations).where(and(eq(mynaAuthorizations.userId, caller.userId), lt(mynaAuthorizations.expiresAt, now)));
    await tx.insert(mynaAuthorizations).values({
      id,
      stateHash: sha256Hex(state),
      nonceHash: sha256Hex(nonce),
      sessionId: caller.sessionId,
      userId: caller.userId,
      codeVerifier: encrypt(configuredKeyring(), pkce.codeVerifier, verifierContext(id)),
      createdAt: now,
      expiresAt,
    });
  });
  return { authorizationUrl, expiresAt: expiresAt.toISOString() };
}

/** Authorizations the member never came back from. */
export async function deleteExpiredMynaAuthorizations(db: Database, now: Date): Promise<void> {
  await db.delete(mynaAuthorizations).where(lt(mynaAuthorizations.expiresAt, now));
}

/**
 * The callback: the state must be one this session started, unexpired and unused (it is used up
 * here, whatever follows); the code is exchanged with the stored verifier and the ID token's
 * nonce checked; the tokens are sealed with the member's data key and stored as the link,
 * replacing an earlier one. Answers the page to go to next.
 */
export async function completeAuthorization(
  deps: { db: Database; portal: MynaPortalConfig; log?: Log; actor: Actor | null },
  caller: { userId: string; sessionId: string },
  input: { code: string; state: string },
  now: Date,
): Promise<{ nextPath: string }> {
  const { db, portal } = deps;
  const [pending] = await db
    .select()
    .from(mynaAuthorizations)
    .where(eq(mynaAuthorizations.stateHash, sha256Hex(input.state)));
  if (!pending) throw fail(400, 'stateInvalid');
  // Another session's state is refused and left alone: it is not this caller's to use up.
  if (pending.sessionId !== caller.sessionId || pending.userId !== caller.userId) throw fail(403, 'stateMismatch');
  // Used up in one statement: of two callbacks with the same state, one gets the row.
  const [taken] = await db.delete(mynaAuthorizations).where(eq(mynaAuthorizations.id, pending.id)).returning();
  if (!taken || taken.expiresAt <= now) throw fail(400, 'stateInvalid');
  const nonce = nonceFor(input.state);
  // The configured key changed since the start: the nonce cannot be rebuilt, so the attempt is void.
  if (sha256Hex(nonce) !== taken.nonceHash) throw fail(400, 'stateInvalid');
  await assertCurrentConsent(db, caller.userId);
  const codeVerifier = decryptString(configuredKeyring(), taken.codeVerifier, verifierContext(taken.id));

  let tokens: MynaTokenSet;
  try {
    // The expiry is kept on the bff's clock, against which imports compare it.
    tokens = await exchangeMynaCode(portal, { code: input.code, codeVerifier, nonce }, { now: () => now.getTime() });
  } catch (error) {
    // Refused code, tampered ID token, or an answer outside the protocol: the member starts again.
    const reason =
      error instanceof MynaNonceMismatch
        ? 'nonce_mismatch'
        : error instanceof MynaCodeInvalid
          ? 'code_invalid'
          : error instanceof MynaIdTokenInvalid
            ? 'id_token_invalid'
            : 'protocol_error';
    if (error instanceof MynaPortalUnavailable || !(error instanceof MynaPortalError)) {
      deps.log?.warn({ err: error }, 'My Number Portal code exchange failed');
      throw mynaUnavailable();
    }
    await audit(db, deps.actor, 'myna_link_failed', caller.userId, { reason }, now);
    deps.log?.warn({ err: error }, 'My Number Portal refused the link');
    if (error instanceof MynaNonceMismatch) throw fail(400, 'nonceMismatch');
    throw fail(400, 'codeInvalid');
  }

  await db.transaction(async (tx) => {
    await storeLink(tx, caller.userId, tokens, now);
    await audit(tx, deps.actor, 'myna_linked', caller.userId, {}, now);
  });
  return { nextPath: mynaPagePaths.complete };
}

/**
 * Stores a grant's tokens, sealed with the member's data key, as the member's link (replacing an
 * earlier one). `keepLinkedAt`: a renewal of the same link (the demo at start) keeps its date.
 */
export async function storeLink(
  tx: Executor,
  userId: string,
  tokens: MynaTokenSet,
  now: Date,
  options: { keepLinkedAt?: boolean } = {},
): Promise<void> {
  const key = await memberKeyFor(tx, userId, now);
  // A new id per link: each token is sealed for the row id it is stored under.
  const id = randomUUID();
  const values = {
    id,
    subject: key.seal('myna_links.subject', id, tokens.subject),
    accessToken: key.seal('myna_links.access_token', id, tokens.accessToken),
    refreshToken: tokens.refreshToken ? key.seal('myna_links.refresh_token', id, tokens.refreshToken) : null,
    tokenExpiresAt: tokens.expiresAt,
  };
  // Linking again keeps when it was last imported (a second import still adds only what is new).
  await tx
    .insert(mynaLinks)
    .values({ ...values, userId, linkedAt: now })
    .onConflictDoUpdate({ target: mynaLinks.userId, set: options.keepLinkedAt ? values : { ...values, linkedAt: now } });
}
