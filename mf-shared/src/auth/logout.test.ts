import { callPath } from '@sukoyaka/contract';
import { bffError, mockLocation, networkDown, reply, setupFakeBff, type LocationSpy } from '@sukoyaka/shared/testing';
import { currentAuthenticityToken, httpClient } from '../api/http-client';
import { queryClient } from '../errors/query-client';
import { LOGOUT_WITHOUT_TOKEN_MESSAGE, logout, logoutAndGoToLogin } from './logout';

const TOKEN_PATH = callPath('getAuthenticityTokenForClient');

describe('logout (spec §7, §8)', () => {
  const bff = setupFakeBff();

  it('spec §7: posts form data authenticity_token=<token> to /logout, the token loaded from the authenticity-token call', async () => {
    bff.withAuthenticityToken('token-abc');
    bff.on('POST', '/logout', { status: 204 });

    await expect(logout()).resolves.toBeUndefined();

    expect(bff.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${TOKEN_PATH}`, 'POST /logout']);
    const [post] = bff.requestsTo('/logout');
    expect(post!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(post!.rawBody).toBe('authenticity_token=token-abc');
    expect(post!.body).toEqual({ authenticity_token: 'token-abc' });
    expect(post!.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('spec §8: without a loadable token it rejects with exactly "cannot logout without authenticity token" and posts nothing', async () => {
    bff.onCall('getAuthenticityTokenForClient', bffError(500, 'internal_error', 'システムエラーです'));

    await expect(logout()).rejects.toThrow(new Error('cannot logout without authenticity token'));
    expect(LOGOUT_WITHOUT_TOKEN_MESSAGE).toBe('cannot logout without authenticity token');
    expect(bff.requestsTo('/logout')).toHaveLength(0);
  });

  it('spec §8: the same when the network is down while loading the token', async () => {
    bff.onCall('getAuthenticityTokenForClient', networkDown());

    const failure = await logout().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('cannot logout without authenticity token');
    expect(bff.requestsTo('/logout')).toHaveLength(0);
  });

  it('spec §8: the same when the token call answers an empty token', async () => {
    bff.withAuthenticityToken('');

    await expect(logout()).rejects.toThrow('cannot logout without authenticity token');
    expect(bff.requestsTo('/logout')).toHaveLength(0);
  });

  it('spec §4: a 401 from /logout (session already ended) counts as logged out', async () => {
    bff.withAuthenticityToken('token-abc');
    bff.on('POST', '/logout', bffError(401, 'unauthenticated', 'ログインしてください。'));

    await expect(logout()).resolves.toBeUndefined();
    expect(bff.requestsTo('/logout')).toHaveLength(1);
  });

  it('spec §7: any other failure of /logout is an AppError for the caller', async () => {
    bff.withAuthenticityToken('token-abc');
    bff.on('POST', '/logout', bffError(500, 'internal_error', 'システムエラーです'));

    await expect(logout()).rejects.toMatchObject({ name: 'AppError', statusCode: 500 });
  });

  it("spec §7: after logout the old token is dropped; the next POST loads the new session's token", async () => {
    let issued = 0;
    bff.withAuthenticityToken(() => `token-${++issued}`);
    bff.on('POST', '/logout', { status: 204 });
    bff.on('POST', '/api/bff/signIn', reply({ userId: 'u1' }));

    await logout();
    await expect(currentAuthenticityToken()).resolves.toBeNull();
    await httpClient.post('/api/bff/signIn', {});

    expect(bff.requestsTo(TOKEN_PATH)).toHaveLength(2);
    expect(bff.requestsTo('/api/bff/signIn')[0]!.headers['x-csrf-token']).toBe('token-2');
  });
});

describe('logoutAndGoToLogin (spec §4 "User suspended")', () => {
  const bff = setupFakeBff();
  let location: LocationSpy;

  beforeEach(() => {
    location = mockLocation();
  });
  afterEach(() => location.restore());

  it('spec §4: logs out, drops the cached answers of the member and goes to /login', async () => {
    bff.withAuthenticityToken('token-abc');
    bff.on('POST', '/logout', { status: 204 });
    queryClient.setQueryData(['userInfo'], { userId: 'u1' });

    await logoutAndGoToLogin();

    expect(bff.requestsTo('/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(['userInfo'])).toBeUndefined();
    expect(location.assign).toHaveBeenCalledWith('/login');
  });

  it('spec §4: a 401 on logout also goes to login', async () => {
    bff.withAuthenticityToken('token-abc');
    bff.on('POST', '/logout', bffError(401, 'unauthenticated', 'ログインしてください。'));

    await logoutAndGoToLogin();

    expect(location.assign).toHaveBeenCalledWith('/login');
  });

  it('spec §4: when logout fails otherwise it does not navigate; the caller decides', async () => {
    bff.withAuthenticityToken('token-abc');
    bff.on('POST', '/logout', bffError(500, 'internal_error', 'システムエラーです'));

    await expect(logoutAndGoToLogin()).rejects.toMatchObject({ statusCode: 500 });
    expect(location.assign).not.toHaveBeenCalled();
  });
});
