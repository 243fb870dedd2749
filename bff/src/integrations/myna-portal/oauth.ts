import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { MYNA_PORTAL_SCOPES } from './config';
import { discoverMynaPortal } from './discovery';
import {
  MynaCodeInvalid,
  MynaIdTokenInvalid,
  MynaNonceMismatch,
  MynaPortalProtocolError,
  MynaPortalUnavailable,
  MynaTokenInvalid,
} from './errors';
import { errorBody, jsonBody, portalFetch, unavailableIfTransient } from './http';
import type { MynaPortalConfig, MynaTokenSet } from './types';

/**
 * The portal's OpenID Connect authorization code flow with PKCE (PROTOCOL.md §2): the member's
 * browser goes to the authorization endpoint with `state`, `nonce` and an S256 code challenge;
 * the portal sends it back to our redirect URI with a single-use code; we exchange the code with
 * the verifier (client_secret_basic) and verify the id_token with the portal's JWKS before trusting
 * anything in it. Every endpoint comes from discovery.
 */

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The S256 code challenge of a verifier (RFC 7636 §4.2): base64url(SHA-256(verifier)). */
export function pkceChallenge(codeVerifier: string): string {
  return base64url(createHash('sha256').update(codeVerifier, 'ascii').digest());
}

/** A fresh PKCE pair: the verifier (43 characters, 256 random bits) stays server-side with the session. */
export function createPkcePair(): { codeVerifier: string; codeChallenge: string; method: 'S256' } {
  const codeVerifier = base64url(randomBytes(32));
  return { codeVerifier, codeChallenge: pkceChallenge(codeVerifier), method: 'S256' };
}

/** Unguessable single-use values for `state` (binds the callback to the session) and `nonce` (binds the id_token to the request). */
export function createStateAndNonce(): { state: string; nonce: string } {
  return { state: base64url(randomBytes(32)), nonce: base64url(randomBytes(32)) };
}

/** The portal's consent page for this request, where the member's browser is sent. */
export async function buildMynaAuthorizationUrl(
  config: MynaPortalConfig,
  request: { state: string; nonce: string; codeChallenge: string },
): Promise<string> {
  const metadata = await discoverMynaPortal(config);
  const url = new URL(metadata.authorizationEndpoint);
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', config.clientId);
  params.set('redirect_uri', config.redirectUri);
  params.set('scope', config.scopes.join(' '));
  params.set('state', request.state);
  params.set('nonce', request.nonce);
  params.set('code_challenge', request.codeChallenge);
  params.set('code_challenge_method', 'S256');
  // OpenID Connect Core §11: a provider must ignore offline_access unless the request asks for
  // consent (or other conditions permitting offline access are in place). Without it a
  // conformant provider issues no refresh token, and imports would stop with the first access
  // token. Asking for consent on each link is what linking is for here anyway.
  if (config.scopes.includes(MYNA_PORTAL_SCOPES.offlineAccess)) params.set('prompt', 'consent');
  return url.toString();
}

/** What came back to the callback: a code for a state, or the member's refusal or an error. */
export function parseMynaCallback(
  query: Record<string, unknown>,
): { ok: true; code: string; state: string } | { ok: false; error: string; state: string | undefined } {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const state = text(query.state);
  const error = text(query.error);
  const code = text(query.code);
  if (error || !code || !state) return { ok: false, error: error ?? 'invalid_request', state };
  return { ok: true, code, state };
}

interface TokenResponse {
  access_token?: unknown;
  token_type?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  id_token?: unknown;
}

/** The caller's clock (the bff's injected one), against which a token's expiry is stored and compared. */
export interface MynaClockOptions {
  now?: () => number;
}

async function tokenRequest(
  config: MynaPortalConfig,
  grant: Record<string, string>,
  refused: (message: string, details: { status: number; code?: string }) => Error,
  options: MynaClockOptions,
): Promise<{ body: TokenResponse; requestedAt: number }> {
  const metadata = await discoverMynaPortal(config);
  const what = 'My Number Portal token endpoint';
  const requestedAt = (options.now ?? Date.now)();
  // client_secret_basic (RFC 6749 §2.3.1): id and secret form-encoded, then Basic.
  const basic = Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64');
  const response = await portalFetch(
    what,
    metadata.tokenEndpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
      body: new URLSearchParams(grant),
    },
    config.timeoutMs,
  );
  if (!response.ok) {
    const { code, description } = await errorBody(response);
    unavailableIfTransient(what, response, code);
    const message = `${what} refused the ${grant.grant_type} grant (${response.status} ${code ?? ''})${description ? `: ${description}` : ''}`;
    // invalid_grant is the code's or refresh token's fault; anything else (invalid_client, …) is ours.
    if (code === 'invalid_grant') throw refused(message, { status: response.status, code });
    throw new MynaPortalProtocolError(message, { status: response.status, code });
  }
  const body = (await jsonBody(what, response)) as TokenResponse;
  if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number' || String(body.token_type).toLowerCase() !== 'bearer') {
    throw new MynaPortalProtocolError(`${what} answered without a bearer access token`);
  }
  return { body, requestedAt };
}

/** One JWKS fetcher per address: jose caches the keys and refetches on an unknown `kid` (key rotation). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(jwksUri: string, timeoutMs: number) {
  let set = keySets.get(jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: timeoutMs });
    keySets.set(jwksUri, set);
  }
  return set;
}

/** Verifies the id_token (OpenID Connect Core §3.1.3.7): RS256 signature by the portal's key, iss, aud, exp, then nonce. */
async function verifyIdToken(config: MynaPortalConfig, idToken: string, nonce: string): Promise<JWTPayload & { sub: string }> {
  const metadata = await discoverMynaPortal(config);
  const verify = () =>
    jwtVerify(idToken, keySet(metadata.jwksUri, config.timeoutMs), {
      algorithms: ['RS256'],
      issuer: metadata.issuer,
      audience: config.clientId,
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      clockTolerance: 60,
    });
  let payload: JWTPayload;
  try {
    try {
      ({ payload } = await verify());
    } catch (error) {
      // A kid we have not seen within jose's refetch cooldown: the portal may have rotated its
      // keys (or, in tests, a new fake answers at the old address); fetch the set afresh, once.
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      keySets.delete(metadata.jwksUri);
      ({ payload } = await verify());
    }
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout) throw new MynaPortalUnavailable('My Number Portal JWKS timed out');
    if (error instanceof joseErrors.JOSEError)
      throw new MynaIdTokenInvalid(`id_token refused: ${error.code}: ${error.message}`, { code: error.code });
    // The JWKS fetch itself failed (network): the portal, not the token.
    throw new MynaPortalUnavailable(`My Number Portal JWKS unreachable: ${(error as Error).message}`);
  }
  if (payload.azp !== undefined && payload.azp !== config.clientId) throw new MynaIdTokenInvalid('id_token azp is another client');
  if (payload.nonce !== nonce) throw new MynaNonceMismatch('id_token nonce is not the one this authorization request sent');
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new MynaIdTokenInvalid('id_token has no subject');
  return payload as JWTPayload & { sub: string };
}

/**
 * Exchanges the callback's code (with the session's PKCE verifier) for tokens, and verifies the
 * id_token against the session's nonce. Throws MynaCodeInvalid (code refused), MynaNonceMismatch,
 * MynaIdTokenInvalid, MynaPortalUnavailable, MynaPortalProtocolError.
 */
export async function exchangeMynaCode(
  config: MynaPortalConfig,
  request: { code: string; codeVerifier: string; nonce: string },
  options: MynaClockOptions = {},
): Promise<MynaTokenSet> {
  const { body, requestedAt } = await tokenRequest(
    config,
    { grant_type: 'authorization_code', code: request.code, redirect_uri: config.redirectUri, code_verifier: request.codeVerifier },
    (message, details) => new MynaCodeInvalid(message, details),
    options,
  );
  if (typeof body.id_token !== 'string') throw new MynaPortalProtocolError('My Number Portal token endpoint answered without an id_token');
  const claims = await verifyIdToken(config, body.id_token, request.nonce);
  return {
    accessToken: body.access_token as string,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    // From when we asked, so the stored expiry errs early rather than late.
    expiresAt: new Date(requestedAt + (body.expires_in as number) * 1000),
    subject: claims.sub,
  };
}

/**
 * A new access token from the refresh token (rotated: store the returned refresh token in place of
 * the old one). Throws MynaTokenInvalid when the grant is gone: the member links again.
 */
export async function refreshMynaTokens(
  config: MynaPortalConfig,
  refreshToken: string,
  options: MynaClockOptions = {},
): Promise<Omit<MynaTokenSet, 'subject'>> {
  const { body, requestedAt } = await tokenRequest(
    config,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    (message, details) => new MynaTokenInvalid(message, details),
    options,
  );
  return {
    accessToken: body.access_token as string,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : refreshToken,
    expiresAt: new Date(requestedAt + (body.expires_in as number) * 1000),
  };
}
