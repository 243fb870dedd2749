/**
 * One error type for everything that can go wrong speaking to Google, sorted by what the caller
 * should do about it:
 * - `grant_invalid`: the member's grant is gone (revoked at Google, expired, or a scope we need
 *   was not granted): stop syncing and show the member that the connection needs renewing.
 * - `retryable`: Google is busy or unreachable (429, 5xx, network, timeout): try again later,
 *   after `retryAfterSeconds` when Google said so.
 * - `failed`: anything else (a request Google refuses, e.g. a misconfigured client): log it.
 */
export type GoogleHealthErrorKind = 'grant_invalid' | 'retryable' | 'failed';

export class GoogleHealthError extends Error {
  constructor(
    readonly kind: GoogleHealthErrorKind,
    message: string,
    readonly details: {
      /** The HTTP status, when there was a response. */
      status?: number;
      /** Google's error code: OAuth `error` (e.g. invalid_grant) or the API's `status` (e.g. UNAUTHENTICATED). */
      code?: string;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'GoogleHealthError';
  }

  get status() {
    return this.details.status;
  }

  get code() {
    return this.details.code;
  }
}

export function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Network failures and timeouts (fetch rejects) are worth retrying. */
export function unreachable(what: string, error: unknown): GoogleHealthError {
  return new GoogleHealthError('retryable', `${what} unreachable: ${(error as Error).message}`);
}
