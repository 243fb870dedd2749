import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Where the request id comes from: a trusted proxy's `X-Request-Id` (the same TRUST_PROXY rule
 * as the client address: `true`, `loopback`, or the listed addresses), else a new UUID. A client
 * cannot choose the id the logs file its request under.
 */
export function requestIdGenerator(trustProxy: boolean | string): (request: IncomingMessage) => string {
  const listed = typeof trustProxy === 'string' && trustProxy !== 'loopback' ? trustProxy.split(',').map((item) => item.trim()) : [];
  const trusted = (address: string | undefined) => {
    if (trustProxy === true) return true;
    if (trustProxy === false || !address) return false;
    const plain = address.replace(/^::ffff:/, '');
    if (trustProxy === 'loopback') return plain === '::1' || plain.startsWith('127.');
    return listed.includes(plain);
  };
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && WELL_FORMED_ID.test(given) && trusted(request.socket?.remoteAddress)) return given;
    return randomUUID();
  };
}

/**
 * What an error carries that may hold a statement's values: drizzle's and PGlite's `params` (and
 * PGlite's `queryOptions`), PostgreSQL's `detail` ("Key (email)=(…) already exists", "Failing row
 * contains (…)"), `where` (the context, with the values of a function's variables) and
 * `internalQuery`. They are left out of every log line.
 */
const VALUE_FIELDS = new Set(['params', 'queryOptions', 'detail', 'where', 'internalQuery']);

const isErrorLike = (value: unknown): value is Error =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
/** A PostgreSQL error (node-postgres or PGlite): its five-character SQLSTATE and its severity. */
const isDatabaseError = (error: Error & { code?: unknown; severity?: unknown }) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';

/** The error's message without the values a statement carried. */
function messageWithoutValues(error: Error & { query?: unknown; params?: unknown; code?: unknown }): string {
  const { message } = error;
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"; the SQL has placeholders only.
  if (typeof error.query === 'string' && error.params !== undefined && message.startsWith(`Failed query: ${error.query}\nparams:`)) {
    return `Failed query: ${error.query}`;
  }
  // A data exception (class 22) quotes the value it could not take: 'invalid input syntax for type uuid: "…"'.
  if (isDatabaseError(error) && (error.code as string).startsWith('22')) return message.replace(/"(?:[^"]|"")*"/g, '"[redacted]"');
  return message;
}

/**
 * The `err` of every log line (the error handler, the outbox, the jobs, …): type, message, stack,
 * its own fields and its cause, as pino's serializer gives them, but with none of a statement's
 * values (VALUE_FIELDS, and a message that repeats them, also inside the stack).
 */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(error: Error, seen = new Set<unknown>()): SerializedError {
  seen.add(error);
  const message = messageWithoutValues(error);
  const stack = typeof error.stack === 'string' ? error.stack : undefined;
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    // The stack's first lines are the message: they are replaced by the cleaned one, or dropped.
    stack:
      stack === undefined || message === error.message
        ? (stack ?? '')
        : stack.includes(error.message)
          ? stack.replace(error.message, message)
          : stack.slice(Math.max(0, stack.indexOf('\n    at '))),
  };
  const cause = (error as { cause?: unknown }).cause;
  if (isErrorLike(cause) && !seen.has(cause)) serialized.cause = serializeError(cause, seen);
  for (const key of Object.keys(error)) {
    if (key in serialized || key === 'cause' || VALUE_FIELDS.has(key)) continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (isErrorLike(value)) {
      if (!seen.has(value)) serialized[key] = serializeError(value, seen);
    } else serialized[key] = value;
  }
  return serialized;
}

/**
 * Structured JSON logs (pino) that carry no personal or medical data: a request is logged by its
 * method, path without the query, status and timing; bodies are never logged, the headers
 * that carry secrets are redacted wherever they would appear, and an error is logged without the
 * values of the statement that failed (serializeError).
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'req.headers["x-operator-csrf-token"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { id?: string; method?: string; url?: string; ip?: string }) => ({
        id: request.id,
        method: request.method,
        // The path alone: a query string may carry what a member typed.
        path: (request.url ?? '').split('?')[0],
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      // A database error's message and fields carry its statement's values: never logged.
      err: (error: Error) => (isErrorLike(error) ? serializeError(error) : (error as unknown as SerializedError)),
    },
  };
}
