import {
  AUTHENTICITY_TOKEN_HEADER,
  callPath,
  ErrorCodes,
  OPERATOR_AUTHENTICITY_TOKEN_HEADER,
  type CallName,
  type CallOutput,
} from '@sukoyaka/contract';
import { createApiClient, createHttpClient, isAppError, type HttpClient, type HttpResponse } from '@sukoyaka/shared';

/*
 * The operators' client: the shared HTTP client's wire (cookies, timeout, errors), but the operator
 * session's own authenticity token, loaded from getOperatorSession and renewed from the
 * X-Operator-CSRF-Token header a new operator session answers with. The member's token is never
 * used here, nor the operator's given to the member client.
 */

type Request = Parameters<HttpClient['request']>[0];

export function createOperatorHttpClient(): HttpClient & { resetToken(token?: string): void } {
  const inner = createHttpClient();
  let token: Promise<string> | null = null;

  const load = () =>
    (token ??= inner
      .get<CallOutput<'getOperatorSession'>>(callPath('getOperatorSession' satisfies CallName))
      .then((response) => {
        const fresh = response.headers.get(OPERATOR_AUTHENTICITY_TOKEN_HEADER);
        return fresh ?? response.data.authenticityToken;
      })
      .catch((error: unknown) => {
        token = null;
        throw error;
      }));

  const remember = <T>(response: HttpResponse<T>) => {
    const fresh = response.headers.get(OPERATOR_AUTHENTICITY_TOKEN_HEADER);
    if (fresh) token = Promise.resolve(fresh);
    return response;
  };

  async function request<T>(call: Request, retried = false): Promise<HttpResponse<T>> {
    const sent =
      call.method.toUpperCase() === 'POST' ? { ...call, headers: { ...call.headers, [AUTHENTICITY_TOKEN_HEADER]: await load() } } : call;
    try {
      return remember(await inner.request<T>(sent));
    } catch (error) {
      // A session that ended meanwhile (30 minutes unused): a fresh token, one more try.
      if (!retried && isAppError(error) && error.statusCode === 403 && error.serverCode === ErrorCodes.invalidAuthenticityToken) {
        token = null;
        return request<T>(call, true);
      }
      throw error;
    }
  }

  return {
    defaults: inner.defaults,
    get: (url, options) => request({ method: 'GET', url, ...options }),
    post: (url, data, options) => request({ method: 'POST', url, data, ...options }),
    request: (call) => request(call),
    resetToken: (next) => {
      token = next ? Promise.resolve(next) : null;
    },
  };
}

/** The one operator client of the area, and its typed calls. */
export const operatorHttp = createOperatorHttpClient();
export const adminApi = createApiClient(operatorHttp);
