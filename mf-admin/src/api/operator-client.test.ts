import { currentAuthenticityToken, resetAuthenticityToken } from '@sukoyaka/shared';
import { bffError, reply } from '@sukoyaka/shared/testing';
import { editorProfile, setupAdminBff } from '../testing/render';
import { adminApi, operatorHttp } from './operator-client';

const bff = setupAdminBff();
const STALE = 'ページの有効期限が切れました。ページを再読み込みしてからもう一度お試しください。';

/** Each getOperatorSession answers a new operator token: operator-token-1, -2, … */
function operatorSessions(): void {
  let issued = 0;
  bff.onCall('getOperatorSession', () =>
    reply({ state: 'signedIn', operator: editorProfile, authenticityToken: `operator-token-${++issued}` }),
  );
}

describe('the operators’ client (issue 26: a second instance of the shared factory)', () => {
  beforeEach(() => {
    // The member's client of the same tab holds its own token.
    resetAuthenticityToken('member-token');
  });

  it('with a stale operator token, a POST is sent twice: refused, then retried with a fresh operator token — never the member’s', async () => {
    operatorSessions();
    bff.onCall('operatorSignOut', (request) =>
      request.headers['x-csrf-token'] === 'operator-token-2'
        ? reply({ state: 'signedOut' })
        : bffError(403, 'invalid_authenticity_token', STALE),
    );

    await adminApi.operatorSignOut({});

    const posts = bff.callsOf('operatorSignOut');
    expect(posts.map((request) => request.headers['x-csrf-token'])).toEqual(['operator-token-1', 'operator-token-2']);
    // The retry is the same action: same key.
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
    expect(bff.requests.some((request) => Object.values(request.headers).includes('member-token'))).toBe(false);
    expect(bff.callsOf('getAuthenticityTokenForClient')).toHaveLength(0);
    await expect(currentAuthenticityToken()).resolves.toBe('member-token');
  });

  it('refused again after the retry, the POST fails without a third attempt', async () => {
    operatorSessions();
    bff.onCall('operatorSignOut', bffError(403, 'invalid_authenticity_token', STALE));

    await expect(adminApi.operatorSignOut({})).rejects.toMatchObject({ statusCode: 403, serverCode: 'invalid_authenticity_token' });

    expect(bff.callsOf('operatorSignOut')).toHaveLength(2);
    expect(bff.callsOf('getOperatorSession')).toHaveLength(2);
    expect(bff.callsOf('getAuthenticityTokenForClient')).toHaveLength(0);
  });

  it('a new operator session’s X-Operator-CSRF-Token renews the operator token only', async () => {
    operatorSessions();
    bff.onCall('verifyOperatorTotp', reply({ state: 'signedIn' }, { headers: { 'X-Operator-CSRF-Token': 'operator-token-new' } }));
    bff.onCall('operatorSignOut', reply({ state: 'signedOut' }));

    await adminApi.verifyOperatorTotp({ code: '123456' });
    await adminApi.operatorSignOut({});

    expect(bff.callsOf('operatorSignOut')[0]!.headers['x-csrf-token']).toBe('operator-token-new');
    expect(bff.callsOf('getOperatorSession')).toHaveLength(1);
    await expect(currentAuthenticityToken()).resolves.toBe('member-token');
  });

  it('has the shared client’s defaults (spec §7)', () => {
    expect(operatorHttp.defaults.withCredentials).toBe(true);
    expect(operatorHttp.defaults.timeout).toBe(30000);
  });
});
