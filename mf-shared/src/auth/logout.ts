import { AUTHENTICITY_TOKEN_FIELD, AUTHENTICITY_TOKEN_HEADER, LOGOUT_PATH } from '@sukoyaka/contract';
import { AppError } from '../api/app-error';
import { httpClient, loadAuthenticityToken, resetAuthenticityToken, type HttpClient } from '../api/http-client';
import { queryClient } from '../errors/query-client';

export const LOGOUT_WITHOUT_TOKEN_MESSAGE = 'cannot logout without authenticity token';

/**
 * POST /logout with form data `authenticity_token` (spec §7), the token loaded from the
 * authenticity-token call. A 401 means the session had already ended, which is a logout too.
 */
export async function logout(client: HttpClient = httpClient): Promise<void> {
  const token = await loadAuthenticityToken(client).catch(() => null);
  if (!token) throw new Error(LOGOUT_WITHOUT_TOKEN_MESSAGE);
  const form = new URLSearchParams({ [AUTHENTICITY_TOKEN_FIELD]: token });
  try {
    await client.post(LOGOUT_PATH, form, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', [AUTHENTICITY_TOKEN_HEADER]: token },
    });
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 401)) throw error;
  } finally {
    resetAuthenticityToken();
  }
}

/**
 * Logs out and leaves for the login page (a full page load), dropping every cached answer of
 * the member. `loginPath` may carry a reason for the login page to explain, e.g. a suspension.
 */
export async function logoutAndGoToLogin(loginPath = '/login', client: HttpClient = httpClient): Promise<void> {
  await logout(client);
  queryClient.clear();
  window.location.assign(loginPath);
}
