// Who made a request, as the services record it: the platform builds it once per request from the
// raw request, so no area handles a FastifyRequest (eslint.config.mjs keeps it so).
import type { FastifyRequest } from 'fastify';

/** What the services read of a request: for audit rows, ledger keys and a known browser's cookie. */
export interface Actor {
  /** The client's address (a trusted proxy's X-Forwarded-For: app.ts `trustProxy`). */
  readonly ip: string | null;
  /** The browser's User-Agent, at most 512 characters (what the audit log keeps). */
  readonly userAgent: string | null;
  /** The request id every log line carries (platform/ops/logging.ts). */
  readonly requestId: string;
  /** The call's Idempotency-Key, checked by the route (platform/routes.ts); null without one. */
  readonly idempotencyKey: string | null;
  /** One of the request's cookies (the device cookie of account/known-devices.ts). */
  cookie(name: string): string | undefined;
}

/** The actor of a request; `idempotencyKey` is the key the route already checked, if any. */
export function actorOf(request: FastifyRequest, idempotencyKey: string | null = null): Actor {
  const cookies = request.cookies;
  return {
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    requestId: request.id,
    idempotencyKey,
    cookie: (name) => cookies[name],
  };
}
