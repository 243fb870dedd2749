import { createHash, randomBytes } from 'node:crypto';
import { reportMisconfigured, reportWorking } from '../../platform/ops/integration-health';
import type { GoogleHealthConfig } from './config';
import { GoogleHealthError, retryAfterSeconds, unreachable } from './errors';

/**
 * Google's OAuth 2.0 for web server applications, as the Fitbit connection uses it: the
 * authorization code grant with PKCE (RFC 7636, S256), offline access for a refresh token, and
 * revocation (RFC 7009 as Google implements it). Requests are form-encoded; the client
 * authenticates with HTTP Basic (client_secret_basic, RFC 6749 §2.3.1) at both endpoints: every
 * authorization server must accept it for a client with a password, Google lists it in its
 * discovery document, and a server that binds a client to one method (as oidc-provider does)
 * then sees the same method at the token and the revocation endpoint.
 *
 *   GET  {authorizeUrl}?client_id&redirect_uri&response_type=code&scope&state
 *                      &code_challenge&code_challenge_method=S256&access_type=offline&prompt=consent
 *     → {redirect_uri}?code&state&scope   (or ?error=access_denied&state)
 *   POST {tokenUrl}  grant_type=authorization_code&code&redirect_uri&code_verifier   (Authorization: Basic …)
 *   POST {tokenUrl}  grant_type=refresh_token&refresh_token                          (Authorization: Basic …)
 *     → 200 { access_token, expires_in, refresh_token?, scope, token_type: "Bearer" }
 *     → 400/401 { error: "invalid_grant" | "invalid_client" | …, error_description }
 *   POST {revokeUrl} token=…  (Authorization: Basic client_id:client_secret)
 *     → 200; 400 { error: "invalid_token" } for an unknown token; 401 { error: "invalid_client" }
 */

export interface TokenSet {
  accessToken: string;
  /**
   * Present after the code exchange (offline access with prompt=consent). Google usually keeps
   * the refresh token across refreshes; when a refresh response carries a new one (rotation, as
   * the fake does) it replaces the old one, which must then be stored in its place.
   */
  refreshToken: string | undefined;
  expiresAt: Date;
  /** What the member actually granted: Google's consent page lets them untick scopes. */
  scopes: string[];
  tokenType: string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)) without padding. */
export function pkceChallenge(verifier: string): string {
  return base64url(createHash('sha256').update(verifier, 'ascii').digest());
}

/** A fresh PKCE pair; the verifier (43 characters from 32 random bytes) stays server-side, with the session. */
export function createPkcePair(): { verifier: string; challenge: string; method: 'S256' } {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: pkceChallenge(verifier), method: 'S256' };
}

/** An unguessable, single-use `state` to bind the callback to the session that started it. */
export function createState(): string {
  return base64url(randomBytes(32));
}

/** The consent page address the member's browser is sent to. */
export function authorizationUrl(
  config: Pick<GoogleHealthConfig, 'authorizeUrl' | 'clientId' | 'scopes'>,
  request: { redirectUri: string; state: string; codeChallenge: string; loginHint?: string },
): string {
  const url = new URL(config.authorizeUrl);
  const params = url.searchParams;
  params.set('client_id', config.clientId);
  params.set('redirect_uri', request.redirectUri);
  params.set('response_type', 'code');
  params.set('scope', config.scopes.join(' '));
  params.set('state', request.state);
  params.set('code_challenge', request.codeChallenge);
  params.set('code_challenge_method', 'S256');
  // offline: a refresh token, so steps sync without the member present; consent: Google returns
  // a refresh token only on consent, so a reconnect after a revocation gets a new one.
  params.set('access_type', 'offline');
  params.set('prompt', 'consent');
  if (request.loginHint) params.set('login_hint', request.loginHint);
  return url.toString();
}

/** What the callback received: a code for this state, or the member's refusal or an error. */
export function parseCallback(
  query: Record<string, unknown>,
): { ok: true; code: string; state: string; scopes: string[] } | { ok: false; error: string; state: string | undefined } {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const state = text(query.state);
  const error = text(query.error);
  const code = text(query.code);
  if (error || !code || !state) return { ok: false, error: error ?? 'invalid_request', state };
  return { ok: true, code, state, scopes: (text(query.scope) ?? '').split(' ').filter(Boolean) };
}

interface TokenResponse {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  scope?: unknown;
  token_type?: unknown;
  error?: unknown;
  error_description?: unknown;
}

async function tokenRequest(
  config: Pick<GoogleHealthConfig, 'tokenUrl' | 'clientId' | 'clientSecret'>,
  grant: Record<string, string>,
  options: { timeoutMs?: number; now?: () => number },
): Promise<TokenSet> {
  const requestedAt = (options.now ?? Date.now)();
  let response: Response;
  try {
    response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: basicClientAuthorization(config),
      },
      body: new URLSearchParams(grant),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw unreachable('Google token endpoint', error);
  }
  const body = (await response.json().catch(() => ({}))) as TokenResponse;
  if (!response.ok) {
    const code = typeof body.error === 'string' ? body.error : undefined;
    const description = typeof body.error_description === 'string' ? `: ${body.error_description}` : '';
    const message = `Google token endpoint refused the ${grant.grant_type} grant (${response.status} ${code ?? ''})${description}`;
    const details = { status: response.status, code, retryAfterSeconds: retryAfterSeconds(response) };
    // Google does not know our client or its secret: every member's call fails until it is fixed.
    if (code === 'invalid_client') reportMisconfigured('google_health', `the token endpoint refused the client (${message})`);
    // The client was accepted; only the member's grant is gone.
    else if (code === 'invalid_grant') reportWorking('google_health');
    // invalid_grant: the code or refresh token is expired, revoked or already used: the member reconnects.
    if (code === 'invalid_grant') throw new GoogleHealthError('grant_invalid', message, details);
    if (response.status === 429 || response.status >= 500) throw new GoogleHealthError('retryable', message, details);
    throw new GoogleHealthError('failed', message, details);
  }
  if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
    throw new GoogleHealthError('failed', 'Google token endpoint answered without an access token', { status: response.status });
  }
  reportWorking('google_health');
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    // Measured from when we asked, so the stored expiry errs early rather than late.
    expiresAt: new Date(requestedAt + body.expires_in * 1000),
    scopes: typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : [],
    tokenType: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
  };
}

type TokenConfig = Pick<GoogleHealthConfig, 'tokenUrl' | 'clientId' | 'clientSecret'>;
type RequestOptions = { timeoutMs?: number; now?: () => number };

/** Exchanges the callback's code (with the session's PKCE verifier) for tokens. */
export function exchangeCode(
  config: TokenConfig,
  request: { code: string; redirectUri: string; codeVerifier: string },
  options: RequestOptions = {},
): Promise<TokenSet> {
  return tokenRequest(
    config,
    { grant_type: 'authorization_code', code: request.code, redirect_uri: request.redirectUri, code_verifier: request.codeVerifier },
    options,
  );
}

/** A new access token from the refresh token; keeps the old refresh token when Google sends none. */
export async function refreshAccessToken(config: TokenConfig, refreshToken: string, options: RequestOptions = {}): Promise<TokenSet> {
  const tokens = await tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, options);
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

/** Refresh ahead of expiry (default five minutes), so a sync never starts with a token about to lapse. */
export function needsRefresh(tokens: Pick<TokenSet, 'expiresAt'>, now: number = Date.now(), marginMs = 5 * 60 * 1000): boolean {
  return tokens.expiresAt.getTime() - marginMs <= now;
}

/** The scopes of `required` the member did not grant (an empty list when all were granted). */
export function missingScopes(tokens: Pick<TokenSet, 'scopes'>, required: readonly string[]): string[] {
  return required.filter((scope) => !tokens.scopes.includes(scope));
}

/**
 * HTTP Basic client authentication (RFC 6749 §2.3.1): id and secret form-url-encoded, then
 * base64. Every authorization server must accept it for a client with a password.
 */
export function basicClientAuthorization(config: Pick<GoogleHealthConfig, 'clientId' | 'clientSecret'>): string {
  const pair = `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/**
 * Revokes the grant (pass the refresh token: revoking it ends the access tokens too). The client
 * authenticates (RFC 7009 §2.1): a server that requires it would otherwise refuse and leave the
 * grant live. A token Google no longer knows (400 invalid_token) counts as revoked, so
 * disconnecting is idempotent.
 */
export async function revokeToken(
  config: Pick<GoogleHealthConfig, 'revokeUrl' | 'clientId' | 'clientSecret'>,
  token: string,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(config.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicClientAuthorization(config) },
      body: new URLSearchParams({ token }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw unreachable('Google revocation endpoint', error);
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  const code = typeof body.error === 'string' ? body.error : undefined;
  if (response.status === 400 && code === 'invalid_token') return;
  const details = { status: response.status, code, retryAfterSeconds: retryAfterSeconds(response) };
  const message = `Google revocation endpoint refused (${response.status} ${code ?? ''})`;
  if (code === 'invalid_client') reportMisconfigured('google_health', `the revocation endpoint refused the client (${message})`);
  throw new GoogleHealthError(response.status === 429 || response.status >= 500 ? 'retryable' : 'failed', message, details);
}
