import { AUTHENTICITY_TOKEN_HEADER, callPath, ErrorCodes, type CallName } from '@sukoyaka/contract';
import { AppError, HttpFailureCodes } from './app-error';

/** Spec §7 and §9: every call waits at most 30 seconds. */
export const REQUEST_TIMEOUT_MS = 30000;
export { AUTHENTICITY_TOKEN_HEADER };

/** The part of `fetch` the client uses: a test replaces it (mf-shared's fake bff). */
export type Transport = (url: string, init: RequestInit) => Promise<TransportResponse>;

/** The part of a `Response` the client reads. */
export interface TransportResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface RequestOptions {
  /** Sent as the query string: undefined and null left out, arrays as repeated names. */
  params?: Record<string, unknown> | undefined;
  headers?: Record<string, string> | undefined;
}

export interface HttpRequest extends RequestOptions {
  method: string;
  url: string;
  data?: unknown;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Response headers; `get` is case-insensitive. */
  headers: { get(name: string): string | null };
}

export interface HttpClientDefaults {
  readonly baseURL: string;
  /** Cookies go with every call (spec §7): fetch's `credentials: 'include'`. */
  readonly credentials: RequestCredentials;
  readonly timeout: number;
  readonly headers: Readonly<Record<string, string>>;
  /** What sends the request: the browser's fetch unless a test installed its fake. */
  transport: Transport | null;
}

export interface HttpClient {
  readonly defaults: HttpClientDefaults;
  get<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
}

/** The query string of `params`, as the bff's parser reads it back. */
export function queryString(params: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      const text = item instanceof Date ? item.toISOString() : typeof item === 'object' ? JSON.stringify(item) : String(item);
      search.append(name, text);
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A JSON answer parsed; anything else (an empty body, text) as it came. */
function parseBody(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The browser's fetch, looked up per call so a page without it fails as a network error. */
const browserFetch: Transport = (url, init) => globalThis.fetch(url, init);

/**
 * The one HTTP client (spec §7): cookies sent, no caching, the X-Requested-With marker, JSON,
 * 30 s timeout (ECONNABORTED), a network failure as ERR_NETWORK, every failure an AppError,
 * and the authenticity token on POSTs. A small `fetch` client: axios cost 19 KiB brotli on
 * every page for this.
 */
export function createHttpClient(baseURL = ''): HttpClient {
  const defaults: HttpClientDefaults = {
    baseURL,
    credentials: 'include',
    timeout: REQUEST_TIMEOUT_MS,
    headers: {
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    transport: null,
  };

  async function send<T>(request: HttpRequest): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...defaults.headers, ...request.headers };
    const method = request.method.toUpperCase();
    let body: string | undefined;
    if (request.data instanceof URLSearchParams) body = request.data.toString();
    else if (typeof request.data === 'string') body = request.data;
    else if (request.data !== undefined) body = JSON.stringify(request.data);
    if (body === undefined) delete headers['Content-Type'];
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The timer answers the caller at 30 s even if the transport ignores the abort.
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new AppError({ message: `timeout of ${defaults.timeout}ms exceeded`, code: HttpFailureCodes.timeout }));
      }, defaults.timeout);
    });
    try {
      const transport = defaults.transport ?? browserFetch;
      const url = `${defaults.baseURL}${request.url}${queryString(request.params)}`;
      const init: RequestInit = { method, headers, credentials: defaults.credentials, signal: controller.signal };
      if (body !== undefined) init.body = body;
      let response: TransportResponse;
      let text: string;
      try {
        const attempt = (async () => {
          const answer = await transport(url, init);
          return { answer, text: await answer.text() };
        })();
        ({ answer: response, text } = await Promise.race([attempt, expired]));
      } catch (error) {
        if (error instanceof AppError) throw error;
        // fetch's own timeout (AbortSignal.timeout) rejects with a TimeoutError.
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw new AppError({ message: `timeout of ${defaults.timeout}ms exceeded`, code: HttpFailureCodes.timeout });
        }
        throw new AppError({ message: 'Network Error', code: HttpFailureCodes.network });
      }
      const data = parseBody(text) as T;
      if (response.status < 200 || response.status >= 300) {
        throw new AppError({
          message: `Request failed with status code ${response.status}`,
          statusCode: response.status,
          responseMessage: data,
          code: response.status >= 500 ? HttpFailureCodes.badResponse : HttpFailureCodes.badRequest,
          requestId: response.headers.get('x-request-id') ?? undefined,
        });
      }
      return { data, status: response.status, headers: response.headers };
    } finally {
      clearTimeout(timer);
    }
  }

  const client: HttpClient = {
    defaults,
    get: (url, options) => client.request({ method: 'GET', url, ...options }),
    post: (url, data, options) => client.request({ method: 'POST', url, data, ...options }),
    request: <T>(request: HttpRequest) => withAuthenticityToken<T>(client, request, send),
  };
  return client;
}

export const httpClient = createHttpClient();

// ---- the authenticity token -------------------------------------------------------------------

let tokenPromise: Promise<string | null> | null = null;

/** The session's authenticity token, loaded once from getAuthenticityTokenForClient. */
export function loadAuthenticityToken(client: HttpClient = httpClient): Promise<string | null> {
  tokenPromise ??= client
    .get<{ authenticityToken: string }>(callPath('getAuthenticityTokenForClient' satisfies CallName))
    .then((response) => response.data.authenticityToken)
    .catch((error: unknown) => {
      tokenPromise = null;
      throw error;
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

function hasHeader(headers: Record<string, string> | undefined, name: string): boolean {
  return Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name.toLowerCase());
}

/**
 * POSTs carry the token; a new session's token arrives in a response header and replaces it;
 * a POST refused for a stale token is retried once with a fresh one.
 */
async function withAuthenticityToken<T>(
  client: HttpClient,
  request: HttpRequest,
  send: (request: HttpRequest) => Promise<HttpResponse<T>>,
  retried = false,
): Promise<HttpResponse<T>> {
  let sent = request;
  if (request.method.toUpperCase() === 'POST' && !hasHeader(request.headers, AUTHENTICITY_TOKEN_HEADER)) {
    const token = await loadAuthenticityToken(client);
    if (token) sent = { ...request, headers: { ...request.headers, [AUTHENTICITY_TOKEN_HEADER]: token } };
  }
  try {
    const response = await send(sent);
    const fresh = response.headers.get(AUTHENTICITY_TOKEN_HEADER);
    if (fresh) resetAuthenticityToken(fresh);
    return response;
  } catch (error) {
    if (!retried && error instanceof AppError && error.statusCode === 403 && error.serverCode === ErrorCodes.invalidAuthenticityToken) {
      resetAuthenticityToken();
      const headers = Object.fromEntries(
        Object.entries(request.headers ?? {}).filter(([name]) => name.toLowerCase() !== AUTHENTICITY_TOKEN_HEADER.toLowerCase()),
      );
      return withAuthenticityToken(client, { ...request, headers }, send, true);
    }
    throw error;
  }
}
