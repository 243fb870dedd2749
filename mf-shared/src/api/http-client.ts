import {
  AUTHENTICITY_TOKEN_HEADER,
  callPath,
  calls,
  ErrorCodes,
  IDEMPOTENCY_KEY_HEADER,
  type CallDefinition,
  type CallName,
} from '@sukoyaka/contract';
import axios, { AxiosHeaders, type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { AppError, HttpFailureCodes, toAppError } from './app-error';
import { IdempotencyKeys } from './idempotency';

/** Spec §7 and §9: every call waits at most 30 seconds. */
export const REQUEST_TIMEOUT_MS = 30000;
export { AUTHENTICITY_TOKEN_HEADER };

/** An axios instance of createHttpClient: the member's `httpClient` or the operators' client. */
export type HttpClient = AxiosInstance;
export type HttpResponse<T = unknown> = AxiosResponse<T>;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry of a POST refused for a stale authenticity token. */
    authenticityRetried?: boolean;
    /** The write's Idempotency-Key bookkeeping, settled with its answer. */
    idempotency?: { name: CallName; input: unknown; key: string };
  }
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

/**
 * One session's authenticity token, loaded once through the client that needs it and renewed
 * from the response header a new session answers with. The member and the operators each have
 * their own: a client only ever sends and renews its own.
 */
export class AuthenticityTokens {
  private pending: Promise<string | null> | null = null;

  constructor(
    private readonly fetchToken: (client: HttpClient) => Promise<string | null>,
    /** The response header a new session's token arrives in. */
    readonly responseHeader: string,
  ) {}

  load(client: HttpClient): Promise<string | null> {
    if (this.pending) return this.pending;
    const loading = this.fetchToken(client).catch((error: unknown) => {
      // A failed load is not kept: the next POST loads again.
      if (this.pending === loading) this.pending = null;
      throw error;
    });
    this.pending = loading;
    return loading;
  }

  /** The token held now, without loading one. */
  async current(): Promise<string | null> {
    return this.pending ? this.pending.catch(() => null) : null;
  }

  reset(token?: string): void {
    this.pending = token ? Promise.resolve(token) : null;
  }
}

/** The member's token: getAuthenticityTokenForClient, renewed from X-CSRF-Token. */
export const memberTokens = new AuthenticityTokens(
  async (client) =>
    (await client.get<{ authenticityToken: string }>(callPath('getAuthenticityTokenForClient' satisfies CallName))).data.authenticityToken,
  AUTHENTICITY_TOKEN_HEADER,
);

export interface HttpClientOptions {
  baseURL?: string;
  /** Whose token the POSTs carry: the member's unless given. */
  tokens?: AuthenticityTokens;
  /** The keys of this client's writes whose answer never came. */
  keys?: IdempotencyKeys;
}

/** The contract's calls by path: the writes among them carry an Idempotency-Key. */
const callsByPath = new Map(
  (Object.keys(calls) as CallName[]).map((name) => [callPath(name), [name, calls[name] as CallDefinition] as const]),
);

/** A response header by name, any case; undefined when absent or empty. */
export function responseHeader(response: AxiosResponse | undefined, name: string): string | undefined {
  const value = response ? AxiosHeaders.from(response.headers as AxiosHeaders).get(name) : undefined;
  return typeof value === 'string' && value ? value : undefined;
}

function isStaleToken(error: AxiosError): boolean {
  const body = error.response?.data;
  return (
    error.response?.status === 403 &&
    !!body &&
    typeof body === 'object' &&
    'code' in body &&
    body.code === ErrorCodes.invalidAuthenticityToken
  );
}

/** spec §3/§8: an axios failure as the AppError the UI reads, with the codes the spec quotes. */
function toHttpAppError(error: unknown): AppError {
  if (!axios.isAxiosError(error)) return toAppError(error);
  const response = error.response;
  if (response) {
    return new AppError({
      message: `Request failed with status code ${response.status}`,
      statusCode: response.status,
      responseMessage: response.data,
      code: response.status >= 500 ? HttpFailureCodes.badResponse : HttpFailureCodes.badRequest,
      requestId: responseHeader(response, 'x-request-id'),
    });
  }
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    const timeout = error.config?.timeout ?? REQUEST_TIMEOUT_MS;
    return new AppError({ message: `timeout of ${timeout}ms exceeded`, code: HttpFailureCodes.timeout });
  }
  if (error.code === 'ERR_CANCELED') return new AppError({ message: error.message, code: error.code });
  return new AppError({ message: 'Network Error', code: HttpFailureCodes.network });
}

/**
 * The HTTP client of spec §7, an axios instance: cookies sent, no caching, the X-Requested-With
 * marker, JSON, 30 s timeout (ECONNABORTED), a network failure as ERR_NETWORK, every failure an
 * AppError; POSTs carry the session's authenticity token (retried once with a fresh one after a
 * 403 `invalid_authenticity_token`), and the contract's writes an Idempotency-Key.
 */
export function createHttpClient(options: HttpClientOptions | string = {}): HttpClient {
  const {
    baseURL = '',
    tokens = memberTokens,
    keys = new IdempotencyKeys(),
  } = typeof options === 'string' ? { baseURL: options } : options;
  const client = axios.create({
    baseURL,
    // The browser's XMLHttpRequest: the shared axios module leaves out the fetch adapter
    // (root-config/src/vendor/axios-without-fetch.js).
    adapter: 'xhr',
    withCredentials: true,
    // No XSRF cookie of axios's: the token comes from the session (above).
    withXSRFToken: false,
    timeout: REQUEST_TIMEOUT_MS,
    headers: {
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    // Arrays as repeated names, as the bff's parser reads them (axios would send `name[]`).
    paramsSerializer: { serialize: (params: Record<string, unknown>) => queryString(params).slice(1) },
  });

  client.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
    if (config.method?.toUpperCase() !== 'POST') return config;
    if (!config.headers.has(AUTHENTICITY_TOKEN_HEADER)) {
      const token = await tokens.load(client);
      if (token) config.headers.set(AUTHENTICITY_TOKEN_HEADER, token);
    }
    // A contract write: one key per action of the member, the same one for its retry (calls.ts).
    const call = callsByPath.get(config.url ?? '');
    if (call && !call[1].readOnly && !config.idempotency) {
      const [name] = call;
      const given = config.headers.get(IDEMPOTENCY_KEY_HEADER);
      const key = typeof given === 'string' && given ? given : keys.keyFor(name, config.data);
      config.headers.set(IDEMPOTENCY_KEY_HEADER, key);
      config.idempotency = { name, input: config.data, key };
    }
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      const fresh = responseHeader(response, tokens.responseHeader);
      if (fresh) tokens.reset(fresh);
      const write = response.config.idempotency;
      if (write) keys.settle(write.name, write.input, write.key);
      return response;
    },
    async (error: unknown) => {
      if (error instanceof AppError) throw error; // the token's load failed: already one
      if (axios.isAxiosError(error) && error.config) {
        const config = error.config;
        if (isStaleToken(error) && !config.authenticityRetried) {
          // A session that ended meanwhile: a fresh token, one more try (same body, same key).
          tokens.reset();
          config.headers.delete(AUTHENTICITY_TOKEN_HEADER);
          return client.request({ ...config, authenticityRetried: true });
        }
        const write = config.idempotency;
        if (write) keys.settle(write.name, write.input, write.key, toHttpAppError(error));
      }
      throw toHttpAppError(error);
    },
  );
  return client;
}

/** The keys of the member's writes whose answer never came. */
export const memberKeys = new IdempotencyKeys();

/** The member's client: the one `api`, `logout` and the auth state use. */
export const httpClient = createHttpClient({ keys: memberKeys });

/** The member's token, loaded once from getAuthenticityTokenForClient. */
export function loadAuthenticityToken(client: HttpClient = httpClient): Promise<string | null> {
  return memberTokens.load(client);
}

/** The member's token the client holds now, without loading one. */
export function currentAuthenticityToken(): Promise<string | null> {
  return memberTokens.current();
}

export function resetAuthenticityToken(token?: string): void {
  memberTokens.reset(token);
}
