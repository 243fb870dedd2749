import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The OAuth 2.0 authorization-server side both local fakes (google-health, myna-portal) share:
 * single-use codes bound to a redirect URI and a PKCE S256 challenge, where a replayed code ends
 * what it issued (RFC 6749 §4.1.2); rotating refresh tokens, where a rotated-out token used again
 * ends the grant; bearer lookup. Each fake keeps its own endpoints, wire format and error texts
 * (they mimic different servers) and maps the outcomes below onto them.
 */

export const newToken = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

/** Equal texts, compared in constant time. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A redirect URI the fake accepts: one of `registered`, or by default any http(s) loopback address without a fragment. */
export function redirectAllowed(uri: string, registered?: string[]): boolean {
  if (registered) return registered.includes(uri);
  try {
    const url = new URL(uri);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) && !url.hash
    );
  } catch {
    return false;
  }
}

/** `uri` with each non-empty parameter of `query` added, in order (empty or absent ones, such as a missing state, are left out). */
export function redirectWith(uri: string, query: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

/** An authorization request's parameters as the consent form's hidden fields, all but `auto`. */
export const hiddenFields = (params: Record<string, string | undefined>) =>
  Object.entries(params)
    .filter(([name, value]) => name !== 'auto' && typeof value === 'string')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value!)}">`)
    .join('');

/** An authorization request's PKCE challenge is an S256 one, well formed (the fakes accept no other method). */
export const isS256Challenge = (challenge: string | undefined, method: string | undefined) =>
  !!challenge && /^[A-Za-z0-9_-]{43,128}$/.test(challenge) && method === 'S256';

/** Client credentials from an HTTP Basic header (RFC 6749 §2.3.1), or null without one; `colon` is -1 when the pair has none. */
export function basicCredentials(authorization: string | undefined): { id: string; secret: string; colon: number } | null {
  const basic = /^Basic (.+)$/i.exec(authorization ?? '');
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)), colon };
}

/** Whether a code verifier is well formed and its S256 challenge (RFC 7636 §4.2) is the one the code was issued for. */
function verifierMatches(verifier: string | undefined, challenge: string): boolean {
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  return sameText(createHash('sha256').update(verifier, 'ascii').digest('base64url'), challenge);
}

export interface FakeGrant {
  revoked: boolean;
}

export interface FakeCode<G extends FakeGrant> {
  grant: G;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
  used: boolean;
  /** Tokens were issued for it: a replay ends the grant. */
  redeemed: boolean;
}

export interface FakeToken<G extends FakeGrant> {
  grant: G;
  expiresAt: number;
  /** Refresh tokens: false once rotated out. */
  active: boolean;
}

/**
 * Codes and tokens of one fake. `Extra` is what a fake keeps beside a code (the OpenID nonce);
 * `prefixes` make each fake's values look like its server's.
 */
export function fakeGrantStore<G extends FakeGrant, Extra extends object = object>(options: {
  now: () => number;
  codeTtlMs: number;
  /** An access token's lifetime, read at each issue (a fake's test switch may change it). */
  accessTtlMs: number | (() => number);
  prefixes: { code: string; access: string; refresh: string };
}) {
  const { now, codeTtlMs, prefixes } = options;
  const accessTtlMs = () => (typeof options.accessTtlMs === 'function' ? options.accessTtlMs() : options.accessTtlMs);
  const codes = new Map<string, FakeCode<G> & Extra>();
  const accessTokens = new Map<string, FakeToken<G>>();
  const refreshTokens = new Map<string, FakeToken<G>>();

  function issueCode(code: Pick<FakeCode<G>, 'grant' | 'redirectUri' | 'codeChallenge'> & Extra): string {
    const value = newToken(prefixes.code);
    codes.set(value, { ...code, expiresAt: now() + codeTtlMs, used: false, redeemed: false });
    return value;
  }

  /** Takes a code for redemption: unknown, replayed (which ends what it issued) or now used. */
  function takeCode(value: string | undefined): { problem: 'unknown' | 'replayed' } | { code: FakeCode<G> & Extra } {
    const code = value ? codes.get(value) : undefined;
    if (!code) return { problem: 'unknown' };
    if (code.used) {
      // Someone else holds the code, so what it issued ends too (RFC 6749 §4.1.2).
      if (code.redeemed) code.grant.revoked = true;
      return { problem: 'replayed' };
    }
    code.used = true;
    return { code };
  }

  /** What is wrong with redeeming a taken code with this redirect URI and verifier, checked in this order, or null. */
  function codeProblem(
    code: FakeCode<G>,
    redirectUri: string | undefined,
    verifier: string | undefined,
  ): 'expired' | 'redirect' | 'verifier' | null {
    if (code.expiresAt <= now()) return 'expired';
    if (redirectUri !== code.redirectUri) return 'redirect';
    if (!verifierMatches(verifier, code.codeChallenge)) return 'verifier';
    return null;
  }

  function issueTokens(grant: G) {
    const accessToken = newToken(prefixes.access);
    const refreshToken = newToken(prefixes.refresh);
    accessTokens.set(accessToken, { grant, expiresAt: now() + accessTtlMs(), active: true });
    refreshTokens.set(refreshToken, { grant, expiresAt: Number.POSITIVE_INFINITY, active: true });
    return { accessToken, refreshToken };
  }

  /** Issues tokens for a taken code without problems, remembering it should the code be replayed. */
  function redeem(code: FakeCode<G>) {
    code.redeemed = true;
    return issueTokens(code.grant);
  }

  /**
   * Takes a refresh token for rotation: invalid (unknown, revoked, or not one `belongs` accepts),
   * replayed after rotation (which ends the grant) or now rotated out.
   */
  function takeRefreshToken(
    value: string | undefined,
    belongs: (grant: G) => boolean = () => true,
  ): { problem: 'invalid' | 'replayed' } | { token: FakeToken<G> } {
    const token = value ? refreshTokens.get(value) : undefined;
    if (!token || token.grant.revoked || !belongs(token.grant)) return { problem: 'invalid' };
    if (!token.active) {
      // A rotated-out refresh token used again: someone holds a copy, so the grant ends.
      token.grant.revoked = true;
      return { problem: 'replayed' };
    }
    token.active = false;
    return { token };
  }

  /** Ends every access token issued so far (as if each had reached its expiry); refresh tokens stay. */
  function expireAccessTokens(): void {
    for (const token of accessTokens.values()) token.expiresAt = Math.min(token.expiresAt, now());
  }

  /** The live access token an `Authorization: Bearer` header carries, if any. */
  function bearer(authorization: string | undefined): FakeToken<G> | undefined {
    const value = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const token = value ? accessTokens.get(value) : undefined;
    return token && !token.grant.revoked && token.expiresAt > now() ? token : undefined;
  }

  return {
    codes,
    accessTokens,
    refreshTokens,
    issueCode,
    takeCode,
    codeProblem,
    redeem,
    issueTokens,
    takeRefreshToken,
    bearer,
    expireAccessTokens,
  };
}
