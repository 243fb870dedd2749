/**
 * What can go wrong talking to the My Number Portal, one class per thing the caller does
 * differently (all extend MynaPortalError, so `instanceof MynaPortalError` catches any of them):
 * - MynaCodeInvalid: the token endpoint refused the code (used, expired, wrong redirect URI or
 *   PKCE verifier): the member starts the authorization again.
 * - MynaNonceMismatch: the id_token is not for this authorization request: start again.
 * - MynaIdTokenInvalid: the id_token fails verification (signature, issuer, audience, expiry):
 *   refuse the link and log it (a misconfiguration or an attack).
 * - MynaTokenInvalid: the access or refresh token is no longer accepted: the member links again.
 * - MynaPortalUnavailable: the portal is unreachable, busy or answered 5xx: try again later.
 * - MynaPortalProtocolError: the portal answered something our protocol does not allow: log it.
 * - CdaParseError: a check-up document is not a 特定健診 CDA document.
 */
export class MynaPortalError extends Error {
  constructor(
    message: string,
    readonly details: { status?: number; code?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class MynaCodeInvalid extends MynaPortalError {}
export class MynaNonceMismatch extends MynaPortalError {}
export class MynaIdTokenInvalid extends MynaPortalError {}
export class MynaTokenInvalid extends MynaPortalError {}
export class MynaPortalUnavailable extends MynaPortalError {}
export class MynaPortalProtocolError extends MynaPortalError {}

export class CdaParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CdaParseError';
  }
}
