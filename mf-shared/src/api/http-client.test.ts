import { callPath } from '@sukoyaka/contract';
import { bffError, createFakeBff, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { AppError } from './app-error';
import {
  AUTHENTICITY_TOKEN_HEADER,
  REQUEST_TIMEOUT_MS,
  createHttpClient,
  currentAuthenticityToken,
  httpClient,
  loadAuthenticityToken,
  resetAuthenticityToken,
} from './http-client';

const TOKEN_PATH = callPath('getAuthenticityTokenForClient');

describe('createHttpClient / httpClient defaults (spec §7, §9)', () => {
  const bff = createFakeBff();
  afterEach(() => bff.reset());

  it('spec §9: the request timeout is 30000 ms', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30000);
  });

  it.each([
    ['createHttpClient()', () => createHttpClient()],
    ['httpClient', () => httpClient],
  ])('spec §7: %s sends credentials, no-cache, the X-Requested-With marker, JSON and a 30 s timeout', async (_name, make) => {
    const client = make();
    const uninstall = bff.install(client);
    resetAuthenticityToken('token-defaults');
    try {
      bff.on('POST', '/api/bff/anything', reply({ ok: true }));
      await client.post('/api/bff/anything', { a: 1 });
    } finally {
      uninstall();
      resetAuthenticityToken();
    }
    const [request] = bff.requests;
    expect(request).toBeDefined();
    expect(request!.credentials).toBe('include');
    expect(client.defaults.timeout).toBe(30000);
    expect(request!.signal).toBeDefined();
    expect(request!.headers['cache-control']).toBe('no-cache');
    expect(request!.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(request!.rawBody).toBe('{"a":1}');
  });

  it('spec §7: createHttpClient keeps its base URL', async () => {
    const client = createHttpClient('https://bff.example');
    const uninstall = bff.install(client);
    try {
      bff.on('GET', '/api/bff/ping', reply({ status: 'ok' }));
      await client.get('/api/bff/ping');
    } finally {
      uninstall();
    }
    expect(bff.requests[0]!.origin).toBe('https://bff.example');
    expect(bff.requests[0]!.path).toBe('/api/bff/ping');
  });
});

describe('the authenticity token on POSTs (spec §7)', () => {
  const bff = setupFakeBff();

  it('spec §7: a POST carries the X-CSRF-Token loaded from GET /api/bff/getAuthenticityTokenForClient', async () => {
    bff.withAuthenticityToken('token-1').on('POST', '/api/bff/write', reply({ ok: true }));

    await httpClient.post('/api/bff/write', { value: 1 });

    expect(bff.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${TOKEN_PATH}`, 'POST /api/bff/write']);
    expect(bff.requests[1]!.headers['x-csrf-token']).toBe('token-1');
    expect(AUTHENTICITY_TOKEN_HEADER).toBe('X-CSRF-Token');
  });

  it('spec §7: the token is loaded once and reused by later POSTs, also concurrent ones', async () => {
    bff.withAuthenticityToken('token-1').on('POST', '/api/bff/write', reply({ ok: true }));

    await Promise.all([httpClient.post('/api/bff/write', {}), httpClient.post('/api/bff/write', {})]);
    await httpClient.post('/api/bff/write', {});

    expect(bff.requestsTo(TOKEN_PATH)).toHaveLength(1);
    const posts = bff.requestsTo('/api/bff/write', 'POST');
    expect(posts).toHaveLength(3);
    expect(posts.map((request) => request.headers['x-csrf-token'])).toEqual(['token-1', 'token-1', 'token-1']);
    await expect(currentAuthenticityToken()).resolves.toBe('token-1');
  });

  it('spec §7: a GET neither loads nor carries the token', async () => {
    bff.withAuthenticityToken('token-1').on('GET', '/api/bff/read', reply({ ok: true }));

    await httpClient.get('/api/bff/read');

    expect(bff.requestsTo(TOKEN_PATH)).toHaveLength(0);
    expect(bff.requests[0]!.headers['x-csrf-token']).toBeUndefined();
  });

  it('spec §7: a failed token load is not cached; the next POST loads again', async () => {
    // Later registrations answer first: the token call fails once, then succeeds.
    bff.withAuthenticityToken('token-2');
    bff.onCall('getAuthenticityTokenForClient', bffError(500, 'internal_error', 'システムエラーです'), { times: 1 });
    bff.on('POST', '/api/bff/write', reply({ ok: true }));

    await expect(httpClient.post('/api/bff/write', {})).rejects.toMatchObject({ statusCode: 500 });
    await httpClient.post('/api/bff/write', {});

    expect(bff.requestsTo(TOKEN_PATH)).toHaveLength(2);
    expect(bff.requestsTo('/api/bff/write')).toHaveLength(1);
    expect(bff.requestsTo('/api/bff/write')[0]!.headers['x-csrf-token']).toBe('token-2');
  });

  it('spec §7: loadAuthenticityToken answers the token of the authenticity-token call', async () => {
    bff.withAuthenticityToken('token-9');
    await expect(loadAuthenticityToken()).resolves.toBe('token-9');
    await expect(loadAuthenticityToken()).resolves.toBe('token-9');
    expect(bff.requestsTo(TOKEN_PATH)).toHaveLength(1);
  });

  it('spec §7: an x-csrf-token response header replaces the token for later POSTs', async () => {
    bff.withAuthenticityToken('token-1');
    bff.on('POST', '/api/bff/signIn', reply({ userId: 'u1' }, { headers: { 'X-CSRF-Token': 'token-rotated' } }));
    bff.on('POST', '/api/bff/write', reply({ ok: true }));

    await httpClient.post('/api/bff/signIn', {});
    await httpClient.post('/api/bff/write', {});

    expect(bff.requestsTo('/api/bff/signIn')[0]!.headers['x-csrf-token']).toBe('token-1');
    expect(bff.requestsTo('/api/bff/write')[0]!.headers['x-csrf-token']).toBe('token-rotated');
    expect(bff.requestsTo(TOKEN_PATH)).toHaveLength(1);
    await expect(currentAuthenticityToken()).resolves.toBe('token-rotated');
  });

  it('spec §7: a header on a GET answer (a new session) also replaces the token', async () => {
    bff.withAuthenticityToken('token-1');
    bff.on('GET', '/api/bff/read', reply({ ok: true }, { headers: { 'x-csrf-token': 'token-from-get' } }));
    bff.on('POST', '/api/bff/write', reply({ ok: true }));

    await httpClient.get('/api/bff/read');
    await httpClient.post('/api/bff/write', {});

    expect(bff.requestsTo(TOKEN_PATH)).toHaveLength(0);
    expect(bff.requestsTo('/api/bff/write')[0]!.headers['x-csrf-token']).toBe('token-from-get');
  });

  it('spec §7: a 403 invalid_authenticity_token is retried once with a fresh token', async () => {
    let issued = 0;
    bff.withAuthenticityToken(() => `token-${++issued}`);
    bff.on('POST', '/api/bff/write', (request) =>
      request.headers['x-csrf-token'] === 'token-2'
        ? reply({ saved: true })
        : bffError(403, 'invalid_authenticity_token', 'ページの有効期限が切れました。ページを再読み込みしてからもう一度お試しください。'),
    );

    const response = await httpClient.post('/api/bff/write', { value: 42 });

    expect(response.data).toEqual({ saved: true });
    expect(bff.requests.map((request) => `${request.method} ${request.path} ${request.headers['x-csrf-token'] ?? '-'}`)).toEqual([
      `GET ${TOKEN_PATH} -`,
      'POST /api/bff/write token-1',
      `GET ${TOKEN_PATH} -`,
      'POST /api/bff/write token-2',
    ]);
    // The retry sends the same body.
    expect(bff.requestsTo('/api/bff/write')[1]!.body).toEqual({ value: 42 });
  });

  it('spec §7: a second 403 invalid_authenticity_token is not retried again; it fails as an AppError', async () => {
    let issued = 0;
    bff.withAuthenticityToken(() => `token-${++issued}`);
    // Refused twice; a third attempt would be accepted (and must not be made).
    bff.on('POST', '/api/bff/write', reply({ saved: true }));
    bff.on('POST', '/api/bff/write', bffError(403, 'invalid_authenticity_token', 'ページの有効期限が切れました。'), { times: 2 });

    const failure = await httpClient.post('/api/bff/write', {}).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 403, serverCode: 'invalid_authenticity_token' });
    expect(bff.requestsTo('/api/bff/write')).toHaveLength(2);
    expect(bff.requestsTo(TOKEN_PATH)).toHaveLength(2);
  });

  it('spec §7: a 403 for another reason is not retried', async () => {
    bff.withAuthenticityToken('token-1');
    bff.on('POST', '/api/bff/write', bffError(403, 'forbidden', '権限がありません。'));

    await expect(httpClient.post('/api/bff/write', {})).rejects.toMatchObject({ statusCode: 403, serverCode: 'forbidden' });
    expect(bff.requestsTo('/api/bff/write')).toHaveLength(1);
  });
});
