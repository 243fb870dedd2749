import { bffError, networkDown, reply, setupFakeBff, timeout } from '@sukoyaka/shared/testing';
import { createApiClient, IdempotencyKeys, UNANSWERED_KEY_TTL_MS } from './calls';

const reading = { measuredAt: '2026-11-21T10:50:00+09:00', systolic: 120, diastolic: 80, pulse: 64 };
const saved = { id: 'bp1', ...reading, createdAt: '2026-11-21T10:51:00+09:00' };

describe('Idempotency-Key on writes (issue 8)', () => {
  const bff = setupFakeBff();
  const keysSent = () => bff.callsOf('saveBloodPressure').map((request) => request.headers['idempotency-key']);

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
  });

  it('every write carries a key of visible ASCII, a fresh one for each action', async () => {
    const api = createApiClient();
    bff.onCall('saveBloodPressure', reply(saved));
    await api.saveBloodPressure(reading);
    await api.saveBloodPressure(reading);
    await api.saveBloodPressure({ ...reading, systolic: 130 });
    const keys = keysSent();
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(new Set(keys).size).toBe(3);
  });

  it.each([
    ['a timeout', timeout()],
    ['the network down', networkDown()],
    ['a 503', bffError(503, 'service_unavailable', 'ただいま混み合っています。')],
    ['a 409 (still running)', bffError(409, 'idempotency_key_in_use', 'この操作は処理中です。')],
  ])('after %s, the member resending the same input resends the same key', async (_what, failure) => {
    const api = createApiClient();
    // Later registrations answer first: the failure once, then the saved reading.
    bff.onCall('saveBloodPressure', reply(saved));
    bff.onCall('saveBloodPressure', () => failure, { times: 1 });
    await expect(api.saveBloodPressure(reading)).rejects.toBeTruthy();
    await expect(api.saveBloodPressure(reading)).resolves.toEqual(saved);
    const [first, retry] = keysSent();
    expect(retry).toBe(first);
    // Answered: the next action is a new one.
    await api.saveBloodPressure(reading);
    expect(keysSent()[2]).not.toBe(first);
  });

  it('a definitive refusal (4xx) forgets the key; other input never shares it', async () => {
    const api = createApiClient();
    bff.onCall('saveBloodPressure', reply(saved));
    bff.onCall('saveBloodPressure', () => networkDown(), { times: 1 });
    bff.onCall('saveBloodPressure', () => bffError(400, 'invalid_parameters', '入力内容に誤りがあります。'), { times: 1 });
    await expect(api.saveBloodPressure(reading)).rejects.toBeTruthy();
    await expect(api.saveBloodPressure(reading)).rejects.toBeTruthy();
    await api.saveBloodPressure({ ...reading, pulse: 65 });
    const [refused, lost, other] = keysSent();
    expect(lost).not.toBe(refused);
    expect(other).not.toBe(lost);
  });

  it('the stale-token retry of the client resends the same key', async () => {
    const api = createApiClient();
    bff.onCall('saveBloodPressure', reply(saved));
    bff.onCall('saveBloodPressure', () => bffError(403, 'invalid_authenticity_token', 'ページの有効期限が切れました。'), { times: 1 });
    await expect(api.saveBloodPressure(reading)).resolves.toEqual(saved);
    const [first, retried] = keysSent();
    expect(retried).toBe(first);
  });

  it('a caller may name the key itself', async () => {
    const api = createApiClient();
    bff.onCall('saveBloodPressure', reply(saved));
    await api.saveBloodPressure(reading, { idempotencyKey: 'form-42' });
    expect(keysSent()).toEqual(['form-42']);
  });

  it('reads and the read-only POST (getAuthState) carry no key', async () => {
    const api = createApiClient();
    bff.onCall('getAuthState', reply({ birthdayAuthExpireAt: null, passwordAuthExpireAt: null, mynaSecretQuestionExpireAt: null }));
    bff.onCall('getUserInfo', reply({ userId: 'u1', email: 'a@example.jp', nickname: 'たろう', association: null }));
    await api.getAuthState();
    await api.getUserInfo();
    expect(bff.callsOf('getAuthState')[0]!.headers['idempotency-key']).toBeUndefined();
    expect(bff.callsOf('getUserInfo')[0]!.headers['idempotency-key']).toBeUndefined();
  });
});

describe('IdempotencyKeys', () => {
  it('keeps an unanswered key for an hour, then the same input is a new action', () => {
    let now = 0;
    const keys = new IdempotencyKeys(() => now);
    const first = keys.keyFor('saveBloodPressure', reading);
    keys.settle('saveBloodPressure', reading, first, new Error('socket hang up'));
    now += UNANSWERED_KEY_TTL_MS - 1;
    expect(keys.keyFor('saveBloodPressure', reading)).toBe(first);
    now += 1;
    expect(keys.keyFor('saveBloodPressure', reading)).not.toBe(first);
  });
});
