// A per-process memory of loaded sessions (with their members) for a second or two, so a page's
// burst of calls costs one session query instead of one each. Kept correct by three rules:
// - an entry lives at most `ttlMs`: a change made elsewhere (another instance, an operator, a
//   script) is seen within that time, as if this instance had read it then;
// - every request that may write (anything but GET/HEAD) empties the cache when it starts and
//   when it ends, so sign-out, sign-in, step-up, a lock after wrong passwords, a password reset or
//   an e-mail change made through this instance is seen by its very next request;
// - a load that overlapped such a write is not kept (the generation moved on meanwhile).
import type { LoadedSession } from './sessions';

export class SessionCache {
  private readonly entries = new Map<string, { loaded: LoadedSession; until: number }>();
  /** Moves on at every write's start and end; a load started in an older generation is not kept. */
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(tokenHash: string, nowMs: number): LoadedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= nowMs || entry.loaded.row.expiresAt.getTime() <= nowMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.loaded;
  }

  /** The generation to pass to `set` for a load that starts now. */
  get current(): number {
    return this.generation;
  }

  set(tokenHash: string, loaded: LoadedSession, startedIn: number, nowMs: number): void {
    if (!this.enabled || startedIn !== this.generation) return;
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { loaded, until: nowMs + this.ttlMs });
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Forgets everything: a request that may write starts or ends. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
