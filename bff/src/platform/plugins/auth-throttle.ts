import { callPath, ErrorCodes } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { DatabaseThrottleStore, RedisThrottleStore, type ThrottleLimit, type ThrottleStore } from '../auth-throttle-store';
import { HttpError } from '../errors';

export type { ThrottleLimit };

/**
 * The calls where a password, a code or a birthday is tried, or where a mail or SMS goes out:
 * each is throttled per client address, on top of the per-account lock. Names, not imports of
 * the definitions, so a call counts here from the moment it exists.
 */
export const THROTTLED_CALLS = [
  'signIn',
  'verifySignInCode',
  'authenticateUserPassword',
  'authenticateBirthday',
  'createPasswordReset',
  'signUp',
  // The operators' sign-in (mf-admin).
  'operatorSignIn',
  'verifyOperatorTotp',
  'confirmOperatorTotpEnrolment',
  // The My Number secret question (issue 12): guesses at the answer, on top of its own lock.
  'authenticateUserMynaSecretQuestion',
] as const;

/**
 * The same rule in one process's memory (kept for its unit test and as the reference the shared
 * stores follow): a sliding-window log per key: the times of the attempts within the window, at most `max` of
 * them, so memory is bounded per address and "20 in any 10 minutes" holds exactly (a fixed window
 * would let 40 through around its edge). Refused attempts are not recorded: the address gets its
 * next try when its oldest attempt leaves the window.
 */
export class SlidingWindowThrottle {
  private readonly attempts = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(private readonly limit: ThrottleLimit) {}

  /** Records an attempt at `nowMs`, or refuses it with the milliseconds until the next is allowed. */
  attempt(key: string, nowMs: number): { allowed: true } | { allowed: false; retryAfterMs: number } {
    this.sweep(nowMs);
    const since = nowMs - this.limit.windowMs;
    const times = (this.attempts.get(key) ?? []).filter((at) => at > since);
    if (times.length >= this.limit.max) {
      this.attempts.set(key, times);
      return { allowed: false, retryAfterMs: times[0]! + this.limit.windowMs - nowMs };
    }
    times.push(nowMs);
    this.attempts.set(key, times);
    return { allowed: true };
  }

  /** Forgets addresses whose attempts have all left the window, at most once a window. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < this.limit.windowMs) return;
    this.lastSweep = nowMs;
    const since = nowMs - this.limit.windowMs;
    for (const [key, times] of this.attempts) if (times[times.length - 1]! <= since) this.attempts.delete(key);
  }
}

export const tooManyRequests = () =>
  new HttpError(429, ErrorCodes.tooManyRequests, '短時間に多くの操作が行われました。しばらく時間をおいてから、もう一度お試しください。');

export interface AuthThrottleOptions {
  limit: ThrottleLimit | null;
  now: () => Date;
  db: Database;
  /** With a Redis URL the attempts are kept there; otherwise in the database. */
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The throttle's shared store, or null when the throttle is off (server.ts prunes it). */
    authThrottleStore: ThrottleStore | null;
  }
}

/**
 * Throttles the authentication calls per client address (`request.ip`, which honours
 * X-Forwarded-For only as far as TRUST_PROXY allows). Runs first among the hooks, before the
 * session is read. The attempts live in a store every instance shares (the database, or Redis
 * when configured), so an address gets `max` in all, however many instances serve it and across
 * restarts. `limit` null turns it off.
 */
export const authThrottlePlugin = fp(async (app: FastifyInstance, options: AuthThrottleOptions) => {
  const { limit, now } = options;
  app.decorate('authThrottleStore', null);
  if (!limit) return;
  const throttle: ThrottleStore = options.redisUrl
    ? RedisThrottleStore.connect(options.redisUrl, limit, options.redisKeyPrefix ?? '')
    : new DatabaseThrottleStore(options.db, limit);
  app.authThrottleStore = throttle;
  app.addHook('onClose', async () => throttle.close());
  const paths = new Set<string>(THROTTLED_CALLS.map((name) => callPath(name)));
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !paths.has(request.routeOptions.url ?? '')) return;
    const result = await throttle.attempt(request.ip, now().getTime());
    if (!result.allowed) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
      throw tooManyRequests();
    }
  });
});
