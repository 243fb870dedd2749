import { callPath, ErrorCodes } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

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
] as const;

export interface ThrottleLimit {
  /** Attempts allowed per address within the window. */
  max: number;
  windowMs: number;
}

/**
 * A sliding-window log per key: the times of the attempts within the window, at most `max` of
 * them, so memory is bounded per address and "20 in any 10 minutes" holds exactly (a fixed window
 * would let 40 through around its edge). Refused attempts are not recorded: the address gets its
 * next try when its oldest attempt leaves the window.
 *
 * In memory, per process: with several bff instances each keeps its own count, so an address
 * gets `max` per instance. Running more than one instance calls for a shared store (the same
 * interface over PostgreSQL or Redis).
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

/**
 * Throttles the authentication calls per client address (`request.ip`, which honours
 * X-Forwarded-For only as far as TRUST_PROXY allows). Runs first among the hooks, before the
 * session is read, so a flood costs no database work. `limit` null turns it off.
 */
export const authThrottlePlugin = fp(async (app: FastifyInstance, options: { limit: ThrottleLimit | null; now: () => Date }) => {
  const { limit, now } = options;
  if (!limit) return;
  const throttle = new SlidingWindowThrottle(limit);
  const paths = new Set<string>(THROTTLED_CALLS.map((name) => callPath(name)));
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !paths.has(request.routeOptions.url ?? '')) return;
    const result = throttle.attempt(request.ip, now().getTime());
    if (!result.allowed) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
      throw tooManyRequests();
    }
  });
});
