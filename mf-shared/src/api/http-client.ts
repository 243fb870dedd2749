import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { AUTHENTICITY_TOKEN_HEADER, callPath, ErrorCodes, type CallName } from '@sukoyaka/contract';
import { toAppError } from './app-error';

/** Spec §7 and §9: every call waits at most 30 seconds. */
export const REQUEST_TIMEOUT_MS = 30000;
export { AUTHENTICITY_TOKEN_HEADER };

/**
 * The one HTTP client (spec §7): cookies sent, no caching, the X-Requested-With marker, JSON,
 * 30 s timeout, and every failure wrapped in an AppError.
 */
export function createHttpClient(baseURL = ''): AxiosInstance {
  const client = axios.create({
    baseURL,
    withCredentials: true,
    timeout: REQUEST_TIMEOUT_MS,
    headers: {
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
  });
  installAuthenticityToken(client);
  return client;
}

export const httpClient = createHttpClient();

// ---- the authenticity token -------------------------------------------------------------------

let tokenPromise: Promise<string | null> | null = null;

/** The session's authenticity token, loaded once from getAuthenticityTokenForClient. */
export function loadAuthenticityToken(client: AxiosInstance = httpClient): Promise<string | null> {
  tokenPromise ??= client
    .get<{ authenticityToken: string }>(callPath('getAuthenticityTokenForClient' satisfies CallName))
    .then((response) => response.data.authenticityToken)
    .catch((error: unknown) => {
      tokenPromise = null;
      throw toAppError(error);
    });
  return tokenPromise;
}

/** The token the client holds now, without loading one. */
export async function currentAuthenticityToken(): Promise<string | null> {
  return tokenPromise ? tokenPromise.catch(() => null) : null;
}

export function resetAuthenticityToken(token?: string): void {
  tokenPromise = token ? Promise.resolve(token) : null;
}

type RetriableConfig = InternalAxiosRequestConfig & { sukoyakaRetried?: boolean };

/**
 * POSTs carry the token; a new session's token arrives in a response header and replaces it;
 * a POST refused for a stale token is retried once with a fresh one.
 */
export function installAuthenticityToken(client: AxiosInstance): void {
  client.interceptors.request.use(async (config) => {
    if ((config.method ?? 'get').toLowerCase() === 'post' && !config.headers.has(AUTHENTICITY_TOKEN_HEADER)) {
      const token = await loadAuthenticityToken(client);
      if (token) config.headers.set(AUTHENTICITY_TOKEN_HEADER, token);
    }
    return config;
  });
  client.interceptors.response.use(
    (response) => {
      const fresh = response.headers[AUTHENTICITY_TOKEN_HEADER.toLowerCase()];
      if (typeof fresh === 'string' && fresh) resetAuthenticityToken(fresh);
      return response;
    },
    async (error: unknown) => {
      if (axios.isAxiosError(error) && error.config) {
        const config = error.config as RetriableConfig;
        const body = error.response?.data as { code?: string } | undefined;
        if (error.response?.status === 403 && body?.code === ErrorCodes.invalidAuthenticityToken && !config.sukoyakaRetried) {
          config.sukoyakaRetried = true;
          resetAuthenticityToken();
          config.headers.delete(AUTHENTICITY_TOKEN_HEADER);
          return client.request(config);
        }
      }
      throw toAppError(error);
    },
  );
}
