import { callPath, calls, type CallName } from '@sukoyaka/contract';
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { HttpClient } from '../api/http-client';

/*
 * A fake bff as the axios instance's adapter (in the browser, axios's XMLHttpRequest adapter): the
 * real client, its interceptors and every module of ours run as in the browser; only the wire is
 * replaced. Requests are recorded as the bff would receive them (path, query string, lower-cased
 * headers, parsed body) and answered like the bff does (JSON bodies, `{ code, message, fields? }`
 * for errors); the fake fails as the browser adapter does (ERR_NETWORK when the network is down,
 * ECONNABORTED when the request's `timeout` runs out, which also aborts the recorded signal).
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
  /** The scheme, host and port the request went to (http://localhost for a relative URL). */
  origin: string;
  /** Header names lower-cased, values as strings. */
  headers: Record<string, string>;
  /** A JSON body parsed, a form body as its fields, anything else as it was sent. */
  body: unknown;
  /** The body as the client handed it to the wire (after axios's request transforms). */
  rawBody: unknown;
  /** The credentials mode: `include` (axios's withCredentials) sends the cookies. */
  credentials: RequestCredentials | undefined;
  /** Aborted when the client gives the request up (its 30 s timeout). */
  signal: AbortSignal | undefined;
}

export type FakeReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Transport failures: a timeout (ECONNABORTED) or a network failure (ERR_NETWORK). */
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

/** The request as the browser would send it for axios's XMLHttpRequest adapter. */
function record(config: InternalAxiosRequestConfig, signal: AbortSignal): RecordedRequest {
  const wire = new URL(axios.getUri(config), 'http://localhost');
  const sent = AxiosHeaders.from(config.headers).normalize(false);
  // As the adapter does: no body, no Content-Type.
  if (config.data === undefined) sent.setContentType(null);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent.toJSON())) {
    if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  }
  return {
    method: (config.method ?? 'GET').toUpperCase(),
    path: wire.pathname,
    query: Object.fromEntries(wire.searchParams),
    url: wire.pathname + wire.search,
    origin: wire.origin,
    headers,
    body: parseBody(config.data, headers['content-type']),
    rawBody: config.data,
    // XMLHttpRequest's withCredentials is fetch's `include`.
    credentials: config.withCredentials ? 'include' : 'same-origin',
    signal,
  };
}

/** What axios's browser adapter rejects with when no answer came. */
function transportFailure(failure: 'timeout' | 'network', config: InternalAxiosRequestConfig): AxiosError {
  if (failure === 'network') return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  return new AxiosError(`timeout of ${config.timeout ?? 0}ms exceeded`, AxiosError.ECONNABORTED, config);
}

/** Settles with the handler's answer, or rejects when the request is given up first. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal, failure: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(failure());
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export class FakeBff {
  readonly requests: RecordedRequest[] = [];
  /** Requests no handler answered (they got a 404 `not_found`). */
  readonly unhandled: RecordedRequest[] = [];
  private routes: Route[] = [];

  /** The fake wire: answers like the bff would, as an axios adapter. */
  readonly adapter: AxiosAdapter = async (config) => {
    const controller = new AbortController();
    // The browser's XMLHttpRequest gives up after the instance's `timeout`; so does the fake.
    const timer = config.timeout ? setTimeout(() => controller.abort(), config.timeout) : undefined;
    const given = config.signal as AbortSignal | undefined;
    given?.addEventListener('abort', () => controller.abort(), { once: true });
    const request = record(config, controller.signal);
    this.requests.push(request);
    try {
      const route = [...this.routes]
        .reverse()
        .find((candidate) => candidate.method === request.method && candidate.path === request.path && candidate.remaining !== 0);
      let answer: FakeReply;
      if (!route) {
        this.unhandled.push(request);
        answer = bffError(404, 'not_found', `fake bff: no handler for ${request.method} ${request.path}`);
      } else {
        if (route.remaining !== undefined) route.remaining -= 1;
        const handler = route.handler;
        answer =
          typeof handler === 'function'
            ? await untilAborted(Promise.resolve(handler(request)), controller.signal, () =>
                given?.aborted ? new AxiosError('canceled', AxiosError.ERR_CANCELED, config) : transportFailure('timeout', config),
              )
            : handler;
      }
      if ('failure' in answer) throw transportFailure(answer.failure, config);
      const headers = new AxiosHeaders();
      for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
      let text = '';
      if (answer.body !== undefined) {
        if (typeof answer.body === 'string') {
          text = answer.body;
          if (!headers.has('content-type')) headers.set('content-type', 'text/plain; charset=utf-8');
        } else {
          text = JSON.stringify(answer.body);
          if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
        }
      }
      const response: AxiosResponse = { data: text, status: answer.status, statusText: '', headers, config, request };
      // As axios's settle: a status validateStatus refuses fails with the response.
      if (config.validateStatus && !config.validateStatus(answer.status)) {
        const code = answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
        throw new AxiosError(`Request failed with status code ${answer.status}`, code, config, request, response);
      }
      return response;
    } finally {
      clearTimeout(timer);
    }
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
  install(client: HttpClient): () => void {
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
