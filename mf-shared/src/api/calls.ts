import { callPath, calls, type CallInput, type CallName, type CallOutput } from '@sukoyaka/contract';
import type { AxiosInstance } from 'axios';
import { httpClient } from './http-client';

export type ApiClient = { [N in CallName]: (input?: CallInput<N>) => Promise<CallOutput<N>> };

/** One typed function per call of the contract: GET sends the input as query, POST as JSON body. */
export function createApiClient(client: AxiosInstance = httpClient): ApiClient {
  const api = {} as Record<string, (input?: unknown) => Promise<unknown>>;
  for (const name of Object.keys(calls) as CallName[]) {
    const { method } = calls[name];
    api[name] = async (input) => {
      // A POST without input sends no body at all (spec §7: the auth-state call is "POST, no body").
      const response =
        method === 'GET' ? await client.get(callPath(name), { params: input ?? {} }) : await client.post(callPath(name), input);
      return response.data;
    };
  }
  return api as ApiClient;
}

export const api = createApiClient();
