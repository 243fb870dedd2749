import { callPath, OPERATOR_AUTHENTICITY_TOKEN_HEADER, type CallName, type CallOutput } from '@sukoyaka/contract';
import { AuthenticityTokens, createApiClient, createHttpClient, responseHeader, type HttpClient } from '@sukoyaka/shared';

/*
 * The operators' client: a second instance of the shared HTTP client's factory (cookies, timeout,
 * errors, the stale-token retry), with the operator session's own authenticity token, loaded from
 * getOperatorSession and renewed from the X-Operator-CSRF-Token header a new operator session
 * answers with. The member's token is never used here, nor the operator's given to the member client.
 */

export const operatorTokens = new AuthenticityTokens(async (client) => {
  const response = await client.get<CallOutput<'getOperatorSession'>>(callPath('getOperatorSession' satisfies CallName));
  return responseHeader(response, OPERATOR_AUTHENTICITY_TOKEN_HEADER) ?? response.data.authenticityToken;
}, OPERATOR_AUTHENTICITY_TOKEN_HEADER);

export function createOperatorHttpClient(): HttpClient {
  return createHttpClient({ tokens: operatorTokens });
}

/** The one operator client of the area, and its typed calls. */
export const operatorHttp = createOperatorHttpClient();
export const adminApi = createApiClient(operatorHttp);
