import { callPath, ErrorCodes } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { DatabaseThrottleStore, RedisThrottleStore, type ThrottleLimit, type ThrottleStore } from '../auth-throttle-store';
import { HttpError } from '../errors';
import { createHash } from 'node:crypto';

export type { ThrottleLimit };

/**
 * The three limits (issue 27). One address may hide a whole office or a carrier's customers, so
 * its limit only stops bursts; the fine-grained limits are per account (the address typed, from
 * wherever it comes) and per device (the known-device cookie, account/known-devices.ts).
 */
export interface AuthThrottleLimits {
  /** Per client address, every throttled call together: bursts only. */
  address: ThrottleLimit;
  /** Per e-mail address typed at a sign-in, sign-up or reset, whatever the client address. */
  account: ThrottleLimit;
  /** Per known-device cookie at the sign-in. */
  device: ThrottleLimit;
}

/** The calls that name the account in their body (`email`), and whose accounts they name. */
const ACCOUNT_CALLS: Readonly<Record<string, 'member' | 'operator'>> = {
  signIn: 'member',
  createPasswordReset: 'member',
  signUp: 'member',
  operatorSignIn: 'operator',
};

/** The known-device cookies' names (account/known-devices.ts, deviceCookieName). */
export const DEVICE_COOKIE_PREFIX = 'sukoyaka_device_';

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** The address as every account lookup compares it; only its digest is kept as a key. */
const accountKey = (kind: 'member' | 'operator', email: string) =>
  `account:${kind}:${digest(email.normalize('NFKC').trim().toLowerCase())}`;

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
  limits: AuthThrottleLimits | null;
  /**
   * The known devices these cookie tokens prove, with their accounts' addresses (the account
   * area's known_devices, given by app.ts: the platform imports no area). A forged or stale
   * token proves none. The device row, not the token (a new one at every sign-in), is the key.
   */
  knownDevices?: (tokens: readonly string[]) => Promise<Array<{ deviceId: string; email: string }>>;
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
 * X-Forwarded-For only as far as TRUST_PROXY allows), first among the hooks, before the session is
 * read; then, once the body is read, per account (the e-mail typed) and per device (the
 * known-device cookie). The attempts live in a store every instance shares (the database, or Redis
 * when configured), so each limit holds however many instances serve it and across restarts.
 * `limits` null turns it off.
 */
export const authThrottlePlugin = fp(async (app: FastifyInstance, options: AuthThrottleOptions) => {
  const { limits, now } = options;
  app.decorate('authThrottleStore', null);
  if (!limits) return;
  const longestWindowMs = Math.max(limits.address.windowMs, limits.account.windowMs, limits.device.windowMs);
  const throttle: ThrottleStore = options.redisUrl
    ? RedisThrottleStore.connect(options.redisUrl, options.redisKeyPrefix ?? '')
    : new DatabaseThrottleStore(options.db, longestWindowMs);
  app.authThrottleStore = throttle;
  app.addHook('onClose', async () => throttle.close());
  const paths = new Set<string>(THROTTLED_CALLS.map((name) => callPath(name)));
  const accountPaths = new Map(
    Object.entries(ACCOUNT_CALLS).map(([name, kind]) => [callPath(name as (typeof THROTTLED_CALLS)[number]), kind]),
  );

  const check = async (key: string, limit: ThrottleLimit, reply: { header: (name: string, value: string) => unknown }) => {
    const result = await throttle.attempt(key, now().getTime(), limit);
    if (!result.allowed) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
      throw tooManyRequests();
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !paths.has(request.routeOptions.url ?? '')) return;
    await check(`address:${request.ip}`, limits.address, reply);
  });

  app.addHook('preValidation', async (request, reply) => {
    const kind = request.method === 'POST' ? accountPaths.get(request.routeOptions.url ?? '') : undefined;
    if (!kind) return;
    const cookies = request.cookies ?? {};
    const tokens = Object.entries(cookies)
      .filter(
        ([name, value]) => name.startsWith(DEVICE_COOKIE_PREFIX) && typeof value === 'string' && value.length > 0 && value.length <= 100,
      )
      .map(([, value]) => value as string);
    const devices = tokens.length > 0 && options.knownDevices ? await options.knownDevices(tokens) : [];
    // A browser known to several accounts has a row for each: the oldest names it.
    const device = devices[0]?.deviceId;
    if (device) await check(`device:${device}`, limits.device, reply);
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || email.length === 0 || email.length > 320) return;
    // The member's own known browser counts against itself, not the account: strangers
    // hammering an account do not shut its owner out (as with the lock, lockout.ts).
    const typed = email.normalize('NFKC').trim().toLowerCase();
    if (devices.some((known) => known.email === typed)) return;
    await check(accountKey(kind, email), limits.account, reply);
  });
});
