import { MynaPortalProtocolError, MynaPortalUnavailable } from './errors';

/** The seconds a 429/503 asked us to wait (a number or an HTTP date), when it said. */
export function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** fetch with the configured timeout; a network failure or timeout is MynaPortalUnavailable. */
export async function portalFetch(what: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new MynaPortalUnavailable(`${what} unreachable: ${(error as Error).message}`);
  }
}

/** The portal's error body (PROTOCOL.md §5): `{ error, error_description }`, as OAuth 2.0 writes it. */
export async function errorBody(response: Response): Promise<{ code: string | undefined; description: string | undefined }> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown; error_description?: unknown };
  return {
    code: typeof body.error === 'string' ? body.error : undefined,
    description: typeof body.error_description === 'string' ? body.error_description : undefined,
  };
}

/** 429 and 5xx are the portal being busy or down: worth trying again later. */
export function unavailableIfTransient(what: string, response: Response, code: string | undefined): void {
  if (response.status === 429 || response.status >= 500) {
    throw new MynaPortalUnavailable(`${what} answered ${response.status}${code ? ` ${code}` : ''}`, {
      status: response.status,
      code,
      retryAfterSeconds: retryAfterSeconds(response),
    });
  }
}

export async function jsonBody(what: string, response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new MynaPortalProtocolError(`${what} answered ${response.status} without JSON`, { status: response.status });
  }
}
