import { callPath, calls, type CallName } from '@sukoyaka/contract';
import type { HttpClient, Transport, TransportResponse } from '../api/http-client';

/*
 * A fake bff behind the http client's transport (its `fetch`): the real http client and every
 * module of ours run as in the browser; only the wire is replaced. Requests are recorded as the
 * bff would receive them (path, query string, lower-cased headers, parsed body) and answered like
 * the bff does (JSON bodies, `{ code, message, fields? }` for errors), transport failures as the
 * browser's fetch fails (a TypeError when the network is down, a TimeoutError).
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
  /** The body as the client handed it to fetch. */
  rawBody: unknown;
  /** fetch's credentials mode: `include` sends the cookies. */
  credentials: RequestCredentials | undefined;
  /** The request's abort signal (the client's 30 s timeout aborts it). */
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

function lowerCaseHeaders(headers: HeadersInit | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!headers) return result;
  const entries: Iterable<[string, string]> = Array.isArray(headers)
    ? (headers as [string, string][])
    : typeof (headers as Headers).entries === 'function'
      ? (headers as Headers).entries()
      : Object.entries(headers as Record<string, string>);
  for (const [name, value] of entries) result[name.toLowerCase()] = String(value);
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

function record(url: string, init: RequestInit): RecordedRequest {
  const wire = new URL(url, 'http://localhost');
  const headers = lowerCaseHeaders(init.headers);
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    path: wire.pathname,
    query: Object.fromEntries(wire.searchParams),
    url: wire.pathname + wire.search,
    origin: wire.origin,
    headers,
    body: parseBody(init.body, headers['content-type']),
    rawBody: init.body,
    credentials: init.credentials,
    signal: init.signal ?? undefined,
  };
}

/** What the browser's fetch rejects with: a TypeError when no answer came, a TimeoutError. */
function transportFailure(failure: 'timeout' | 'network'): Error {
  if (failure === 'network') return new TypeError('Failed to fetch');
  const error = new Error('The operation timed out.');
  error.name = 'TimeoutError';
  return error;
}

/** Settles with the handler's answer, or rejects as fetch does when the signal aborts first. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      const error = new Error('The operation was aborted.');
      error.name = 'AbortError';
      reject(error);
    };
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

  /** The fake `fetch`: answers like the bff would, over no wire. */
  readonly transport: Transport = async (url, init) => {
    const request = record(url, init);
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
      const handler = route.handler;
      answer = typeof handler === 'function' ? await untilAborted(Promise.resolve(handler(request)), request.signal) : handler;
    }
    if ('failure' in answer) throw transportFailure(answer.failure);
    const headers = new Map<string, string>();
    for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name.toLowerCase(), value);
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
    const response: TransportResponse = {
      status: answer.status,
      headers: { get: (name) => headers.get(name.toLowerCase()) ?? null },
      text: () => Promise.resolve(text),
    };
    return response;
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
    const previous = client.defaults.transport;
    client.defaults.transport = this.transport;
    return () => {
      client.defaults.transport = previous;
    };
  }
}

export function createFakeBff(): FakeBff {
  return new FakeBff();
}
