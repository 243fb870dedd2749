// Where the sign-in throttle keeps its attempts, shared by every instance of the bff: the one
// module that writes auth_throttle_attempts, or Redis when REDIS_URL is set.
import { lt, sql } from 'drizzle-orm';
import Redis from 'ioredis';
import type { Database } from '../db/client';
import { authThrottleAttempts } from '../db/schema';

export interface ThrottleLimit {
  /** Attempts allowed per key (an address, an account, a device) within the window. */
  max: number;
  windowMs: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * A sliding-window log per key: "at most `max` attempts in any `windowMs`". Refused attempts are
 * not recorded: the key gets its next try when its oldest attempt leaves the window. Each
 * decision is one atomic step in the store, so concurrent attempts on several instances never
 * let more than `max` through.
 */
export interface ThrottleStore {
  /** One attempt on `key` under `limit` (each kind of key has its own: plugins/auth-throttle.ts). */
  attempt(key: string, nowMs: number, limit: ThrottleLimit): Promise<ThrottleDecision>;
  /** Forgets keys whose attempts all left the longest window (the hourly pruning). */
  prune(nowMs: number): Promise<void>;
  close(): Promise<void>;
}

function refusal(oldestMs: number, limit: ThrottleLimit, nowMs: number): ThrottleDecision {
  return { allowed: false, retryAfterMs: Math.max(1, oldestMs + limit.windowMs - nowMs) };
}

/**
 * PostgreSQL (or PGlite): one upsert per attempt. The row's attempts still in the window are
 * kept; the new one is appended only while there are fewer than `max`; `last_allowed` says which
 * happened. The row lock of ON CONFLICT DO UPDATE serialises concurrent attempts on one key.
 */
export class DatabaseThrottleStore implements ThrottleStore {
  constructor(
    private readonly db: Database,
    /** The longest window of any limit: rows quiet for longer are pruned. */
    private readonly longestWindowMs: number,
  ) {}

  async attempt(key: string, nowMs: number, limit: ThrottleLimit): Promise<ThrottleDecision> {
    const since = nowMs - limit.windowMs;
    const table = authThrottleAttempts;
    const kept = sql`array(select at from unnest(${table.attempts}) as at where at > ${since}::bigint order by at)`;
    const result = await this.db.execute<{ last_allowed: boolean; oldest: string | number | null }>(sql`
      insert into ${table} (key, attempts, last_allowed, updated_at)
      values (${key}, array[${nowMs}::bigint], true, ${new Date(nowMs).toISOString()}::timestamptz)
      on conflict (key) do update set
        attempts = case when cardinality(${kept}) >= ${limit.max} then ${kept} else ${kept} || ${nowMs}::bigint end,
        last_allowed = cardinality(${kept}) < ${limit.max},
        updated_at = excluded.updated_at
      returning last_allowed, attempts[1] as oldest`);
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      last_allowed: boolean;
      oldest: string | number | null;
    }[];
    if (!row || row.last_allowed) return { allowed: true };
    return refusal(Number(row.oldest ?? nowMs), limit, nowMs);
  }

  async prune(nowMs: number): Promise<void> {
    await this.db.delete(authThrottleAttempts).where(lt(authThrottleAttempts.updatedAt, new Date(nowMs - this.longestWindowMs)));
  }

  async close(): Promise<void> {}
}

// KEYS[1] the address's sorted set (score: attempt time); ARGV: now, window, max, a unique member.
const ATTEMPT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, oldest[2]}
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, '0'}
`;

/** Redis: a sorted set per address, trimmed, counted and added to by one Lua script (atomic). */
export class RedisThrottleStore implements ThrottleStore {
  private sequence = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static connect(url: string, prefix: string): RedisThrottleStore {
    // Fail a call quickly rather than queue it while Redis is away.
    return new RedisThrottleStore(new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true }), prefix);
  }

  async attempt(key: string, nowMs: number, limit: ThrottleLimit): Promise<ThrottleDecision> {
    this.sequence += 1;
    const member = `${nowMs}:${process.pid}:${this.sequence}:${Math.random().toString(36).slice(2)}`;
    const [allowed, oldest] = (await this.redis.eval(
      ATTEMPT_SCRIPT,
      1,
      `${this.prefix}auth-throttle:${key}`,
      nowMs,
      limit.windowMs,
      limit.max,
      member,
    )) as [number, string];
    return allowed === 1 ? { allowed: true } : refusal(Number(oldest), limit, nowMs);
  }

  /** Redis expires each key a window after its last attempt. */
  async prune(): Promise<void> {}

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
