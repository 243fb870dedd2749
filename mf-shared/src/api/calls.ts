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
import { httpClient } from './http-client';
import { askOnServer, takePageAnswer } from './page-answers';

export { IdempotencyKeys, newIdempotencyKey, UNANSWERED_KEY_TTL_MS } from './idempotency';

export interface CallOptions {
  /** The action's Idempotency-Key; by default the client picks one (IdempotencyKeys, in its interceptor). */
  idempotencyKey?: string;
}

export type ApiClient = { [N in CallName]: (input?: CallInput<N>, options?: CallOptions) => Promise<CallOutput<N>> };

/**
 * One typed function per call of the contract: GET sends the input as query, POST as JSON body.
 * A GET the page already carries the answer to is answered from it, once (page-answers.ts).
 * The client's interceptors add the authenticity token and a write's Idempotency-Key.
 */
export function createApiClient(client: HttpClient = httpClient): ApiClient {
  const api = {} as Record<string, (input?: unknown, options?: CallOptions) => Promise<unknown>>;
  for (const name of Object.keys(calls) as CallName[]) {
    const { method } = calls[name] as CallDefinition;
    api[name] = async (input, options) => {
      if (method === 'GET') {
        const fromPage = takePageAnswer(name, input);
        if (fromPage) return fromPage.answer;
        const fromServer = askOnServer(name, input);
        if (fromServer) return fromServer;
        return (await client.get(callPath(name), { params: (input ?? {}) as Record<string, unknown> })).data;
      }
      // A POST without input sends no body at all (spec §7: the auth-state call is "POST, no body").
      const headers = options?.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey } : {};
      return (await client.post(callPath(name), input, { headers })).data;
    };
  }
  return api as ApiClient;
}

export const api = createApiClient();
