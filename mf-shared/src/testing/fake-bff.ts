import { callPath, calls, type CallName } from '@sukoyaka/contract';
import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

/*
 * A fake bff behind an axios adapter: the real http client, its interceptors and every module of
 * ours run as in the browser; only the wire is replaced. Requests are recorded as the bff would
 * receive them (path, query string, lower-cased headers, parsed body) and answered like the bff
 * does (JSON bodies, `{ code, message, fields? }` for errors, axios' own error for non-2xx).
 */

export interface RecordedRequest {
  /** Upper case: GET, POST, … */
  method: string;
  /** The path without the query string, e.g. /api/bff/listBloodPressures. */
  path: string;
  /** The query string as sent on the wire, parsed. */
  query: Record<string, string>;
  /** Path and query string as sent on the wire. */
  url: string;
  /** Header names lower-cased, values as strings. */
  headers: Record<string, string>;
  /** A JSON body parsed, a form body as its fields, anything else as it was sent. */
  body: unknown;
  /** The body as axios handed it to the adapter (after transformRequest). */
  rawBody: unknown;
  /** The full request config, for the client's defaults (withCredentials, timeout, …). */
  config: InternalAxiosRequestConfig;
}

export type FakeReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Transport failures: axios' timeout (ECONNABORTED) or a network failure (ERR_NETWORK). */
  | { failure: 'timeout' | 'network' };

export type FakeHandler = FakeReply | ((request: RecordedRequest) => FakeReply | Promise<FakeReply>);

/** A 2xx answer with a JSON body. */
export function reply(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): FakeReply {
  return { status: init.status ?? 200, body, headers: init.headers ?? {} };
}

/** An error answer in the bff's one shape: `{ code, message, fields? }`. */
export function bffError(status: number, code: string, message: string, fields?: Record<string, string[]>): FakeReply {
  return { status, body: fields ? { code, message, fields } : { code, message } };
}

export const timeout = (): FakeReply => ({ failure: 'timeout' });
export const networkDown = (): FakeReply => ({ failure: 'network' });

/** A promise the test settles itself, e.g. to look at a loading state. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Route {
  method: string;
  path: string;
  handler: FakeHandler;
  remaining: number | undefined;
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
  // toJSON(true) leaves out unset headers and joins repeated ones, as they go on the wire.
  const json = AxiosHeaders.from(headers as AxiosHeaders).toJSON(true);
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(json)) result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  return result;
}

function parseBody(raw: unknown, contentType: string | undefined): unknown {
  if (typeof raw !== 'string') return raw;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  if (contentType?.includes('application/json') || /^[[{]/.test(raw.trim())) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

function record(config: InternalAxiosRequestConfig): RecordedRequest {
  const wire = new URL(axios.getUri(config), 'http://localhost');
  const headers = lowerCaseHeaders(config.headers);
  return {
    method: (config.method ?? 'get').toUpperCase(),
    path: wire.pathname,
    query: Object.fromEntries(wire.searchParams),
    url: wire.pathname + wire.search,
    headers,
    body: parseBody(config.data, headers['content-type']),
    rawBody: config.data,
    config,
  };
}

/** What axios' own `settle` does: a status outside validateStatus rejects with an AxiosError. */
function settle(config: InternalAxiosRequestConfig, response: AxiosResponse): AxiosResponse {
  if (!config.validateStatus || config.validateStatus(response.status)) return response;
  const code = response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  throw new AxiosError(`Request failed with status code ${response.status}`, code, config, {}, response);
}

export class FakeBff {
  readonly requests: RecordedRequest[] = [];
  /** Requests no handler answered (they got a 404 `not_found`). */
  readonly unhandled: RecordedRequest[] = [];
  private routes: Route[] = [];

  readonly adapter: AxiosAdapter = async (config) => {
    const request = record(config);
    this.requests.push(request);
    const route = [...this.routes]
      .reverse()
      .find((candidate) => candidate.method === request.method && candidate.path === request.path && candidate.remaining !== 0);
    let answer: FakeReply;
    if (!route) {
      this.unhandled.push(request);
      answer = bffError(404, 'not_found', `fake bff: no handler for ${request.method} ${request.path}`);
    } else {
      if (route.remaining !== undefined) route.remaining -= 1;
      answer = typeof route.handler === 'function' ? await route.handler(request) : route.handler;
    }
    if ('failure' in answer) {
      if (answer.failure === 'timeout') {
        throw new AxiosError(`timeout of ${config.timeout ?? 0}ms exceeded`, AxiosError.ECONNABORTED, config, {});
      }
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const headers = new AxiosHeaders();
    for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name.toLowerCase(), value);
    let data: unknown = '';
    if (answer.body !== undefined) {
      if (typeof answer.body === 'string') {
        data = answer.body;
        if (!headers.has('content-type')) headers.set('content-type', 'text/plain; charset=utf-8');
      } else {
        data = JSON.stringify(answer.body);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
      }
    }
    return settle(config, { data, status: answer.status, statusText: String(answer.status), headers, config, request: {} });
  };

  /** Answers `method path` with the handler; later registrations win; `times` limits how often. */
  on(method: string, path: string, handler: FakeHandler, options: { times?: number } = {}): this {
    this.routes.push({ method: method.toUpperCase(), path, handler, remaining: options.times });
    return this;
  }

  /** Answers the contract's call by name, with the contract's method and path. */
  onCall(name: CallName, handler: FakeHandler, options: { times?: number } = {}): this {
    return this.on(calls[name].method, callPath(name), handler, options);
  }

  /** The session's authenticity token, as getAuthenticityTokenForClient answers it. */
  withAuthenticityToken(token: string | ((request: RecordedRequest) => string)): this {
    return this.onCall('getAuthenticityTokenForClient', (request) =>
      reply({ authenticityToken: typeof token === 'function' ? token(request) : token }),
    );
  }

  requestsTo(path: string, method?: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path === path && (!method || request.method === method.toUpperCase()));
  }

  callsOf(name: CallName): RecordedRequest[] {
    return this.requestsTo(callPath(name), calls[name].method);
  }

  /** Forgets every route and recorded request. */
  reset(): void {
    this.routes = [];
    this.requests.length = 0;
    this.unhandled.length = 0;
  }

  /** Makes the client talk to this fake; returns the undo. */
  install(client: AxiosInstance): () => void {
    const previous = client.defaults.adapter;
    client.defaults.adapter = this.adapter;
    return () => {
      client.defaults.adapter = previous;
    };
  }
}

export function createFakeBff(): FakeBff {
  return new FakeBff();
}
