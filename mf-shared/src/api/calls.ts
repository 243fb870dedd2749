import {
  callPath,
  calls,
  IDEMPOTENCY_KEY_HEADER,
  type CallDefinition,
  type CallInput,
  type CallName,
  type CallOutput,
} from '@sukoyaka/contract';
import type { HttpClient } from './http-client';
import { isAppError } from './app-error';
import { httpClient } from './http-client';
import { takePageAnswer } from './page-answers';

export interface CallOptions {
  /** The action's Idempotency-Key; by default the client picks one (see `idempotencyKeyFor`). */
  idempotencyKey?: string;
}

export type ApiClient = { [N in CallName]: (input?: CallInput<N>, options?: CallOptions) => Promise<CallOutput<N>> };

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

/**
 * One typed function per call of the contract: GET sends the input as query, POST as JSON body.
 * A GET the page already carries the answer to is answered from it, once (page-answers.ts).
 * Every POST but a read-only one carries an Idempotency-Key (see IdempotencyKeys).
 */
export function createApiClient(client: HttpClient = httpClient, keys = new IdempotencyKeys()): ApiClient {
  const api = {} as Record<string, (input?: unknown, options?: CallOptions) => Promise<unknown>>;
  for (const name of Object.keys(calls) as CallName[]) {
    const { method, readOnly } = calls[name] as CallDefinition;
    api[name] = async (input, options) => {
      if (method === 'GET') {
        const fromPage = takePageAnswer(name, input);
        if (fromPage) return fromPage.answer;
        return (await client.get(callPath(name), { params: (input ?? {}) as Record<string, unknown> })).data;
      }
      // A POST without input sends no body at all (spec §7: the auth-state call is "POST, no body").
      if (readOnly) return (await client.post(callPath(name), input)).data;
      const key = options?.idempotencyKey ?? keys.keyFor(name, input);
      try {
        const response = await client.post(callPath(name), input, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
        keys.settle(name, input, key);
        return response.data;
      } catch (error) {
        keys.settle(name, input, key, error);
        throw error;
      }
    };
  }
  return api as ApiClient;
}

export const api = createApiClient();
