import { callPath, calls, type CallName } from '@sukoyaka/contract';
import { createFakeBff, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { api, createApiClient } from './calls';
import { createHttpClient } from './http-client';

const callNames = Object.keys(calls) as CallName[];

describe('the typed api functions (spec §7: reads are GET with query parameters, writes POST with a body)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
  });

  it('spec §7: there is one function per call of the contract', () => {
    expect(Object.keys(api).sort()).toEqual([...callNames].sort());
  });

  it.each(callNames)('spec §7: %s goes to /api/bff/<name> with the method of the contract', async (name) => {
    bff.onCall(name, reply({ answered: name }));

    const call = api[name] as (input?: unknown) => Promise<unknown>;
    await expect(call()).resolves.toEqual({ answered: name });

    const sent = bff.requests.filter((request) => request.path === callPath(name));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/api/bff/${name}`);
    expect(sent[0]!.method).toBe(calls[name].method);
  });

  it('spec §7: a GET call sends its input as query parameters and no body', async () => {
    bff.onCall('listBloodPressures', reply({ items: [], nextCursor: null }));

    await expect(api.listBloodPressures({ cursor: 'abc_123', limit: 20 })).resolves.toEqual({ items: [], nextCursor: null });

    const [request] = bff.callsOf('listBloodPressures');
    expect(request!.method).toBe('GET');
    expect(request!.url).toBe('/api/bff/listBloodPressures?cursor=abc_123&limit=20');
    expect(request!.query).toEqual({ cursor: 'abc_123', limit: '20' });
    expect(request!.rawBody).toBeUndefined();
  });

  it('spec §7: a GET call without input sends no query string', async () => {
    bff.onCall('getUserInfo', reply({ userId: 'u1', email: 'a@example.jp', nickname: 'たろう', association: null }));

    await api.getUserInfo();

    expect(bff.callsOf('getUserInfo')[0]!.url).toBe('/api/bff/getUserInfo');
  });

  it('spec §7: a POST call sends its input as a JSON body, with the authenticity token', async () => {
    const saved = {
      id: 'bp1',
      measuredAt: '2026-11-21T10:50:00+09:00',
      systolic: 120,
      diastolic: 80,
      pulse: 64,
      createdAt: '2026-11-21T10:51:00+09:00',
    };
    bff.onCall('saveBloodPressure', reply(saved));

    const input = { measuredAt: '2026-11-21T10:50:00+09:00', systolic: 120, diastolic: 80, pulse: 64 };
    await expect(api.saveBloodPressure(input)).resolves.toEqual(saved);

    const [request] = bff.callsOf('saveBloodPressure');
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/bff/saveBloodPressure');
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(request!.body).toEqual(input);
    expect(request!.headers['x-csrf-token']).toBe('token-1');
  });

  it('spec §7: a POST call without input sends no body (the auth-state call is "POST, no body")', async () => {
    bff.onCall('getAuthState', reply({ birthdayAuthExpireAt: null, passwordAuthExpireAt: null, mynaSecretQuestionExpireAt: null }));

    await api.getAuthState();

    expect(bff.callsOf('getAuthState')[0]!.rawBody).toBeUndefined();
  });
});

describe('createApiClient over another client (spec §7)', () => {
  it('spec §7: the functions use the client they are given', async () => {
    const bff = createFakeBff();
    const client = createHttpClient('https://bff.example');
    bff.install(client);
    bff.onCall('ping', reply({ status: 'ok', time: '2026-11-21T10:50:00+09:00' }));

    const own = createApiClient(client);
    await expect(own.ping()).resolves.toEqual({ status: 'ok', time: '2026-11-21T10:50:00+09:00' });

    expect(bff.requests).toHaveLength(1);
    expect(bff.requests[0]!.origin).toBe('https://bff.example');
    expect(bff.requests[0]!.path).toBe('/api/bff/ping');
  });
});
