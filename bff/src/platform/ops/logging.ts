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
 * Structured JSON logs (pino) that carry no personal or medical data: a request is logged by its
 * method, path without the query, status and timing; bodies are never logged, and the headers
 * that carry secrets are redacted wherever they would appear.
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
    },
  };
}
