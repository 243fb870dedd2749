import { isAppError } from './app-error';

/** A fresh key: 128 random bits, as a UUID where the browser offers one. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How long a write whose answer never came keeps its key for the member's retry. */
export const UNANSWERED_KEY_TTL_MS = 60 * 60 * 1000;

interface Unanswered {
  key: string;
  at: number;
}

/**
 * Idempotency keys of writes whose answer never arrived (timeout, network down, 5xx, or 409 "still
 * running"), by call and input. Each write is one action of the member and gets a fresh key,
 * except a resend of the same input after such a failure: that is the member retrying the action,
 * so it goes with the same key and the bff answers with the first run's answer instead of writing
 * twice. Any definitive answer (2xx, or a 4xx refusal) forgets the key.
 */
export class IdempotencyKeys {
  private readonly unanswered = new Map<string, Unanswered>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Forgets every key (a test's fresh page). */
  clear(): void {
    this.unanswered.clear();
  }

  private static identity(name: string, input: unknown): string {
    return `${name}\n${JSON.stringify(input ?? null)}`;
  }

  /** The key to send for this action: the unanswered attempt's, or a fresh one. */
  keyFor(name: string, input: unknown): string {
    const identity = IdempotencyKeys.identity(name, input);
    const pending = this.unanswered.get(identity);
    if (pending && this.now() - pending.at < UNANSWERED_KEY_TTL_MS) return pending.key;
    this.unanswered.delete(identity);
    return newIdempotencyKey();
  }

  /** Records how the attempt ended: its key is kept only when the answer is unknown. */
  settle(name: string, input: unknown, key: string, error?: unknown): void {
    const identity = IdempotencyKeys.identity(name, input);
    if (error !== undefined && answerUnknown(error)) this.unanswered.set(identity, { key, at: this.now() });
    else this.unanswered.delete(identity);
  }
}

/** Whether a failed write may have been carried out anyway, or is still being carried out. */
function answerUnknown(error: unknown): boolean {
  if (!isAppError(error)) return true;
  const status = error.statusCode;
  return status === undefined || status >= 500 || status === 409;
}
